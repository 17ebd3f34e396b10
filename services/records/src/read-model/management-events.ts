import type { GroundEvent, OutingEvent, StoredLogEvent } from '@cull-log/contracts';

export const isGroundEvent = (event: StoredLogEvent): event is StoredLogEvent & GroundEvent =>
  event.type.startsWith('ground.');
export const isOutingEvent = (event: StoredLogEvent): event is StoredLogEvent & OutingEvent =>
  event.type.startsWith('outing.');
