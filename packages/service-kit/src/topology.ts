/**
 * Where each service lives: its name, default port, and the databases it owns. Every service, the
 * launcher, the one-process app and the rebuild command read these, so a name is written once.
 */
export const SERVICES = {
  gateway: { port: 3000, mongoDatabase: 'cull_log_gateway', sqliteFile: 'gateway-sessions.sqlite' },
  records: { port: 3001, mongoDatabase: 'cull_log_records', sqliteFile: 'records.db' },
  stats: { port: 3002, mongoDatabase: 'cull_log_stats', sqliteFile: 'stats.db' },
  exports: { port: 3003, mongoDatabase: 'cull_log_exports', sqliteFile: 'exports.db' },
} as const;

export type ServiceName = keyof typeof SERVICES;

/**
 * The SQLite file in DATA_DIR where a service keeps the ids of the identity headers it has taken (a file of their own:
 * the service's database is rebuilt after an erasure, which would hold every request's one insert meanwhile).
 */
export function identityIdsFile(name: string): string {
  return `${name}-identity-ids.db`;
}

/** The services behind the gateway, in start-up order. */
export const BACKEND_SERVICES = ['records', 'stats', 'exports'] as const satisfies readonly ServiceName[];

/** The event log is the records service's database: projections rebuild from it. */
export const EVENT_LOG = {
  mongoDatabase: SERVICES.records.mongoDatabase,
  sqliteFile: SERVICES.records.sqliteFile,
} as const;

/** `http://127.0.0.1:<port>`: where a service listens by default on this machine. */
export function defaultServiceUrl(name: ServiceName): string {
  return `http://127.0.0.1:${SERVICES[name].port}`;
}
