import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import {
  commonConfigShape,
  internalAuthPrivateKeySetting,
  defaultServiceUrl,
  isLoopbackHost,
  listenHost,
  optionalSetting,
  parseConfig,
  portSetting,
  SERVICES,
  type LogLevel,
} from '@cull-log/service-kit';
import { GOOGLE_PROVIDER, type OidcProvider } from './auth/oidc-provider';
import { DEFAULT_BACKUP_RETENTION_DAYS } from './erasures/erasure-journal';
import { DEFAULT_ERASURE_JOURNAL_DATABASE } from './erasures/mongo-erasure-journal';
import { DEFAULT_SESSION_POLICY, type SessionPolicy } from './sessions/session-manager';
import type { TokenPolicy } from './tokens/token-manager';

export type AuthMode = 'google' | 'dev';

export interface GoogleSettings {
  clientId: string;
  clientSecret: string;
  /** Google unless a test points the gateway at its own OpenID provider. */
  provider: OidcProvider;
}

export interface RateLimits {
  /** Sign-in attempts (start, callback, development sign-in) per client address per minute. */
  signInPerMinute: number;
  /** Writes through `/api` per user per minute. */
  writesPerMinute: number;
  /** Reads through `/api` per user per minute. */
  readsPerMinute: number;
  /** Requests (reads and writes together) through `/api` per personal access token per minute. */
  tokenRequestsPerMinute: number;
  /** CSV exports one user may have in progress at once. */
  concurrentExportsPerUser: number;
  /**
   * Requests through `/api` refused as not signed in (no valid session or token), per client address per minute; past
   * it, the address is refused before the session store is read.
   */
  unauthenticatedPerMinute: number;
}

/** Reads are generous: a screen makes a few, and offline sync catches up in bursts; scraping at speed is not. */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  signInPerMinute: 20,
  writesPerMinute: 120,
  readsPerMinute: 1200,
  // A script pages through records or pulls a season's figures; a minute's burst of this is plenty.
  tokenRequestsPerMinute: 300,
  concurrentExportsPerUser: 2,
  // A signed-out browser asks a few times per screen; a stream of made-up cookies asks far more.
  unauthenticatedPerMinute: 300,
};

/** A limit from the environment: a whole number of at least 1; unset means the default. */
function positiveWholeNumberSetting() {
  const error = 'must be a whole number of at least 1';
  return optionalSetting(z.coerce.number({ error }).int({ error }).min(1, { error }));
}

/** Largest request body the gateway accepts or forwards; a cull record is a few kilobytes. */
export const DEFAULT_GATEWAY_BODY_LIMIT = 64 * 1024;

/** What `buildApp` needs to know; `readGatewaySettings` builds it from the environment. */
export interface GatewayConfig {
  authMode: AuthMode;
  /** Present when Google sign-in is configured; required when `authMode` is 'google'. */
  google?: GoogleSettings;
  /** Where browsers reach the app, e.g. https://cull-log.example; the origin writes must come from. */
  publicUrl: string;
  /**
   * Whether PUBLIC_URL was set rather than taken as `http://localhost:PORT`: every request must then be addressed to its
   * host and port; otherwise to `localhost` or an address, never a name.
   */
  publicUrlGiven?: boolean;
  /** Signs the short-lived sign-in cookies (state, PKCE verifier, nonce); at least 32 characters. */
  sessionSecret: string;
  production: boolean;
  /** Defaults to `__Host-cull_session` in production and `cull_session` otherwise. */
  cookieName?: string;
  sessionPolicy?: SessionPolicy;
  tokenPolicy?: TokenPolicy;
  /** Each limit left out is its default. */
  rateLimits?: Partial<RateLimits>;
  bodyLimit?: number;
  /** Proxies whose X-Forwarded-For is believed, so rate limits see the real client address. */
  trustProxy?: string[] | ((address: string, hop: number) => boolean);
}

const SESSION_SECRET_MIN_LENGTH = 32;

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });

const gatewayEnvironmentFields = z.object({
  ...commonConfigShape,
  PORT: portSetting(SERVICES.gateway.port),
  INTERNAL_AUTH_PRIVATE_KEY: internalAuthPrivateKeySetting,
  AUTH_MODE: optionalSetting(z.enum(['google', 'dev'], { error: 'must be google or dev' })),
  /** The one address other than loopback on which the development sign-in may listen; equal to HOST. */
  DEV_SIGN_IN_HOST: optionalSetting(z.string().trim().min(1)),
  GOOGLE_CLIENT_ID: optionalSetting(z.string().trim().min(1)),
  GOOGLE_CLIENT_SECRET: optionalSetting(z.string().trim().min(1)),
  /** Points sign-in at another OpenID provider (a local one for end-to-end tests); Google when unset. */
  OIDC_ISSUER_URL: optionalSetting(httpUrl),
  PUBLIC_URL: optionalSetting(httpUrl),
  SESSION_SECRET: optionalSetting(
    z.string().min(SESSION_SECRET_MIN_LENGTH, {
      error: `must be at least ${SESSION_SECRET_MIN_LENGTH} characters long`,
    }),
  ),
  RECORDS_URL: httpUrl.default(defaultServiceUrl('records')),
  STATS_URL: httpUrl.default(defaultServiceUrl('stats')),
  EXPORTS_URL: httpUrl.default(defaultServiceUrl('exports')),
  WEB_DIST: optionalSetting(z.string().trim().min(1)),
  SIGN_IN_RATE_LIMIT_PER_MINUTE: positiveWholeNumberSetting(),
  WRITE_RATE_LIMIT_PER_MINUTE: positiveWholeNumberSetting(),
  READ_RATE_LIMIT_PER_MINUTE: positiveWholeNumberSetting(),
  TOKEN_RATE_LIMIT_PER_MINUTE: positiveWholeNumberSetting(),
  CONCURRENT_EXPORTS_PER_USER: positiveWholeNumberSetting(),
  UNAUTHENTICATED_RATE_LIMIT_PER_MINUTE: positiveWholeNumberSetting(),
  /** A user's sessions beyond this many end at sign-in, the oldest first. */
  MAX_SESSIONS_PER_USER: positiveWholeNumberSetting(),
  /** The daily retention job (notices, erasure of accounts unused for two years, records past seven years). */
  RETENTION_JOB: optionalSetting(z.enum(['on', 'off'], { error: 'must be on or off' })),
  /** The erasure journal's file when the gateway keeps its data in DATA_DIR; `DATA_DIR/erasures/erasures.jsonl` unless set. */
  ERASURE_JOURNAL_FILE: optionalSetting(z.string().trim().min(1)),
  /** The MongoDB database of the erasure journal: its own, so restoring the services' databases leaves it. */
  ERASURE_JOURNAL_MONGODB_DB: optionalSetting(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,63}$/, {
        error: 'must be a MongoDB database name (letters, digits, _ and -)',
      }),
  ),
  /** The days the oldest backup is kept: erasures are kept in the journal as long, to be made again after a restore. */
  BACKUP_RETENTION_DAYS: positiveWholeNumberSetting(),
  /** Proxies in front of the gateway: a hop count, or their addresses/CIDRs separated by commas. */
  TRUST_PROXY: optionalSetting(
    z
      .string()
      .trim()
      .regex(/^(\d+|[0-9A-Fa-f.:/]+(,[0-9A-Fa-f.:/]+)*)$/, {
        error: 'must be a number of hops or a comma-separated list of addresses',
      }),
  ),
});

type GatewayEnvironment = z.output<typeof gatewayEnvironmentFields>;

/** Everything `main.ts` needs, read from a parsed environment. */
export interface GatewaySettings {
  config: Omit<GatewayConfig, 'google'> & { google?: Omit<GoogleSettings, 'provider'> };
  /** Set when sign-in goes to a provider other than Google; discovered at start-up. */
  oidcIssuerUrl: string | undefined;
  port: number;
  /** The address to listen on. */
  host: string;
  /** The development sign-in listens beyond this machine because DEV_SIGN_IN_HOST says so. */
  devSignInExposed: boolean;
  logLevel: LogLevel;
  dataDir: string;
  sessionDatabaseFile: string;
  mongodbUrl: string | undefined;
  upstreams: { records: string; stats: string; exports: string };
  /** Signs the identity header; the gateway's alone. */
  internalAuthPrivateKey: string;
  webDist: string | undefined;
  /** Whether this gateway runs the retention job (one replica at a time runs it, whichever takes its lease). */
  retentionJob: boolean;
  /** Where the erasures made are kept apart from what a backup restores: the file without MongoDB, the database with. */
  erasureJournal: { file: string; mongoDatabase: string };
  /** The days the oldest backup is kept, and so each erasure in the journal. */
  backupRetentionDays: number;
}

function trustProxyFrom(setting: string | undefined): GatewayConfig['trustProxy'] {
  if (setting === undefined) return undefined;
  if (!/^\d+$/.test(setting)) return setting.split(',');
  const hops = Number(setting);
  return (_address, hop) => hop < hops;
}

type Refuse = (variable: string, problem: string) => void;

/**
 * The gateway's rules (which sign-in, what production requires), checked here and nowhere else, so `buildApp`
 * trusts the config it is given. Each broken rule is refused under the variable that breaks it.
 */
function settingsFrom(env: GatewayEnvironment, refuse: Refuse): GatewaySettings {
  const production = env.NODE_ENV === 'production';
  const google =
    env.GOOGLE_CLIENT_ID !== undefined && env.GOOGLE_CLIENT_SECRET !== undefined
      ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
      : undefined;
  const authMode = env.AUTH_MODE ?? (env.GOOGLE_CLIENT_ID !== undefined || production ? 'google' : 'dev');
  if (production && authMode === 'dev') refuse('AUTH_MODE', 'development sign-in is refused in production');
  const googleConfigured = env.GOOGLE_CLIENT_ID !== undefined || env.GOOGLE_CLIENT_SECRET !== undefined;
  if (authMode === 'dev' && googleConfigured) {
    refuse(
      'AUTH_MODE',
      'AUTH_MODE=dev is refused while GOOGLE_CLIENT_ID or GOOGLE_CLIENT_SECRET is set: unset AUTH_MODE to ' +
        'sign in with Google, or clear GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET for the development sign-in',
    );
  }
  if (production && env.OIDC_ISSUER_URL !== undefined && !env.OIDC_ISSUER_URL.startsWith('https://')) {
    refuse('OIDC_ISSUER_URL', 'must be https:// in production');
  }
  const host = listenHost(env);
  // Anyone who can reach a development sign-in can sign in as any user whose e-mail address they know.
  const devSignInExposed = authMode === 'dev' && !isLoopbackHost(host);
  if (devSignInExposed && env.DEV_SIGN_IN_HOST !== host) {
    refuse(
      'HOST',
      `development sign-in listens only on a loopback address (127.0.0.1, ::1, localhost), not on ${host}; ` +
        `configure Google sign-in, or set DEV_SIGN_IN_HOST=${host} to let anyone who reaches it sign in as anyone`,
    );
  }
  if (authMode === 'google' || env.GOOGLE_CLIENT_ID !== undefined) {
    if (env.GOOGLE_CLIENT_ID === undefined) refuse('GOOGLE_CLIENT_ID', 'is required for Google sign-in');
    if (env.GOOGLE_CLIENT_SECRET === undefined) {
      refuse('GOOGLE_CLIENT_SECRET', 'is required for Google sign-in');
    }
  }
  if (production) {
    if (env.PUBLIC_URL === undefined) refuse('PUBLIC_URL', 'is required in production');
    else if (!env.PUBLIC_URL.startsWith('https://')) refuse('PUBLIC_URL', 'must be https:// in production');
    if (env.SESSION_SECRET === undefined) refuse('SESSION_SECRET', 'is required in production');
  }
  return {
    config: {
      authMode,
      google,
      publicUrl: stripTrailingSlash(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`),
      publicUrlGiven: env.PUBLIC_URL !== undefined,
      // Outside production a missing secret only costs sign-ins that are half-way through at a restart.
      sessionSecret: env.SESSION_SECRET ?? randomBytes(32).toString('base64url'),
      production,
      sessionPolicy: {
        ...DEFAULT_SESSION_POLICY,
        maxSessionsPerUser: env.MAX_SESSIONS_PER_USER ?? DEFAULT_SESSION_POLICY.maxSessionsPerUser,
      },
      rateLimits: {
        signInPerMinute: env.SIGN_IN_RATE_LIMIT_PER_MINUTE ?? DEFAULT_RATE_LIMITS.signInPerMinute,
        writesPerMinute: env.WRITE_RATE_LIMIT_PER_MINUTE ?? DEFAULT_RATE_LIMITS.writesPerMinute,
        readsPerMinute: env.READ_RATE_LIMIT_PER_MINUTE ?? DEFAULT_RATE_LIMITS.readsPerMinute,
        tokenRequestsPerMinute: env.TOKEN_RATE_LIMIT_PER_MINUTE ?? DEFAULT_RATE_LIMITS.tokenRequestsPerMinute,
        concurrentExportsPerUser:
          env.CONCURRENT_EXPORTS_PER_USER ?? DEFAULT_RATE_LIMITS.concurrentExportsPerUser,
        unauthenticatedPerMinute:
          env.UNAUTHENTICATED_RATE_LIMIT_PER_MINUTE ?? DEFAULT_RATE_LIMITS.unauthenticatedPerMinute,
      },
      bodyLimit: DEFAULT_GATEWAY_BODY_LIMIT,
      trustProxy: trustProxyFrom(env.TRUST_PROXY),
    },
    oidcIssuerUrl: env.OIDC_ISSUER_URL,
    port: env.PORT,
    host,
    devSignInExposed,
    logLevel: env.LOG_LEVEL,
    dataDir: env.DATA_DIR,
    sessionDatabaseFile: join(env.DATA_DIR, SERVICES.gateway.sqliteFile),
    mongodbUrl: env.MONGODB_URL,
    upstreams: { records: env.RECORDS_URL, stats: env.STATS_URL, exports: env.EXPORTS_URL },
    internalAuthPrivateKey: env.INTERNAL_AUTH_PRIVATE_KEY,
    webDist: env.WEB_DIST,
    retentionJob: env.RETENTION_JOB !== 'off',
    erasureJournal: {
      file: env.ERASURE_JOURNAL_FILE ?? join(env.DATA_DIR, 'erasures', 'erasures.jsonl'),
      mongoDatabase: env.ERASURE_JOURNAL_MONGODB_DB ?? DEFAULT_ERASURE_JOURNAL_DATABASE,
    },
    backupRetentionDays: env.BACKUP_RETENTION_DAYS ?? DEFAULT_BACKUP_RETENTION_DAYS,
  };
}

const gatewayEnvironmentSchema = gatewayEnvironmentFields.transform((env, context) =>
  settingsFrom(env, (variable, message) => context.addIssue({ code: 'custom', path: [variable], message })),
);

/** Reads the gateway's settings; throws `ConfigError` naming every bad variable and every broken rule. */
export function readGatewaySettings(env: Record<string, string | undefined> = process.env): GatewaySettings {
  return parseConfig(gatewayEnvironmentSchema, env);
}

export function withProvider(
  settings: GatewaySettings,
  provider: OidcProvider = GOOGLE_PROVIDER,
): GatewayConfig {
  const { google, ...rest } = settings.config;
  return google === undefined ? rest : { ...rest, google: { ...google, provider } };
}

function stripTrailingSlash(url: string): string {
  return url.endsWith('/') ? url.slice(0, -1) : url;
}
