import type { GroundEvent, MemberLinked, OutingEvent, StoredLogEvent, TeamEvent } from '@cull-log/contracts';

export const isGroundEvent = (event: StoredLogEvent): event is StoredLogEvent & GroundEvent =>
  event.type.startsWith('ground.');
export const isOutingEvent = (event: StoredLogEvent): event is StoredLogEvent & OutingEvent =>
  event.type.startsWith('outing.');
export const isTeamEvent = (event: StoredLogEvent): event is StoredLogEvent & TeamEvent =>
  event.type.startsWith('team.');
export const isMemberLink = (event: StoredLogEvent): event is StoredLogEvent & MemberLinked =>
  event.type.startsWith('member.');
