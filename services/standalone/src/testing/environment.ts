/** Settings a developer's shell may hold that would change what a test starts. */
const CONFIG_VARIABLES = new Set([
  'PORT',
  'HOST',
  'DEV_SIGN_IN_HOST',
  'TRUST_PROXY',
  'DATA_DIR',
  'AUTH_MODE',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'OIDC_ISSUER_URL',
  'PUBLIC_URL',
  'SESSION_SECRET',
  'INTERNAL_AUTH_PRIVATE_KEY',
  'INTERNAL_AUTH_PUBLIC_KEY',
  'INVITATION_SECRET',
  'MONGODB_URL',
  'NATS_URL',
  'NATS_USER',
  'NATS_PASSWORD',
  'NATS_TLS_CA',
  'NATS_TLS_CERT',
  'NATS_TLS_KEY',
  'RECORDS_URL',
  'STATS_URL',
  'EXPORTS_URL',
  'WEB_DIST',
  'ERASURE_JOURNAL_FILE',
  'ERASURE_JOURNAL_MONGODB_DB',
  'BACKUP_RETENTION_DAYS',
  'LOG_LEVEL',
  'NODE_ENV',
]);

/** This process's environment without any Cull Log setting, plus the given ones. */
export function testEnvironment(settings: Record<string, string>): Record<string, string | undefined> {
  const inherited = Object.entries(process.env).filter(([name]) => !CONFIG_VARIABLES.has(name));
  return { ...Object.fromEntries(inherited), NODE_ENV: 'development', LOG_LEVEL: 'info', ...settings };
}
