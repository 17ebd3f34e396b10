/** Header on every write: the global position of its last event, to read projections at least that fresh. */
export const EVENT_POSITION_HEADER = 'x-event-position';
