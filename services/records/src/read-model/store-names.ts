/**
 * The names under which each part of the read model keeps its schema version. The parts share the event store's
 * SQLite file (or its MongoDB database) with each other and with the log, so each needs a name of its own.
 */
export const READ_MODEL_STORES = {
  culls: 'records-culls',
  grounds: 'records-grounds',
  outings: 'records-outings',
  counts: 'records-counts',
  settings: 'records-settings',
  teams: 'records-teams',
  imports: 'records-imports',
} as const;
