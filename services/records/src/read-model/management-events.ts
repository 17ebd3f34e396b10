import {
  TEAM_EVENT_TYPES,
  type CountEvent,
  type GroundEvent,
  type MemberLinked,
  type OutingEvent,
  type StoredLogEvent,
  type TeamCullsKept,
  type TeamEvent,
  type TeamKeptCullsRemoved,
} from '@cull-log/contracts';

export const isGroundEvent = (event: StoredLogEvent): event is StoredLogEvent & GroundEvent =>
  event.type.startsWith('ground.');
export const isOutingEvent = (event: StoredLogEvent): event is StoredLogEvent & OutingEvent =>
  event.type.startsWith('outing.');
export const isCountEvent = (event: StoredLogEvent): event is StoredLogEvent & CountEvent =>
  event.type.startsWith('count.');
export const isTeamEvent = (event: StoredLogEvent): event is StoredLogEvent & TeamEvent =>
  event.type.startsWith('team.');
export const isMemberLink = (event: StoredLogEvent): event is StoredLogEvent & MemberLinked =>
  event.type.startsWith('member.');
/** The culls a team keeps of an erased member: the team's own records from then on. */
export const isKeptCulls = (event: StoredLogEvent): event is StoredLogEvent & TeamCullsKept =>
  event.type === TEAM_EVENT_TYPES.cullsKept;
/** Kept culls past retention, which the team no longer keeps: its records no longer. */
export const isKeptCullsRemoved = (event: StoredLogEvent): event is StoredLogEvent & TeamKeptCullsRemoved =>
  event.type === TEAM_EVENT_TYPES.keptCullsRemoved;
