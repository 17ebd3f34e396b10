import { z } from 'zod';
import { IdentityKeyError, identityPrivateKey, identityPublicKey } from './identity-keys';
import { SERVICES } from './topology';

/** One bad or missing environment variable and why it was refused. */
export interface ConfigProblem {
  variable: string;
  problem: string;
}

/** Thrown at start-up when the environment does not satisfy a service's config schema. */
export class ConfigError extends Error {
  readonly problems: readonly ConfigProblem[];

  constructor(problems: readonly ConfigProblem[]) {
    super(
      `Invalid configuration:\n${problems.map(({ variable, problem }) => `  - ${variable}: ${problem}`).join('\n')}`,
    );
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

type Environment = Record<string, string | undefined>;

/**
 * Parses the environment with a zod object schema. Every problem is collected, so one failed start names all
 * of them; values are never echoed, because some are secrets.
 */
export function parseConfig<Schema extends z.ZodType>(
  schema: Schema,
  env: Environment = process.env,
): z.output<Schema> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems: ConfigProblem[] = [];
  const named = new Set<string>();
  for (const issue of result.error.issues) {
    const variable = issue.path.length > 0 ? issue.path.map(String).join('.') : '(environment)';
    if (named.has(variable)) continue;
    named.add(variable);
    problems.push({ variable, problem: describeProblem(issue, env[variable]) });
  }
  throw new ConfigError(problems);
}

function describeProblem(issue: z.core.$ZodIssue, value: string | undefined): string {
  if (value === undefined && issue.code === 'invalid_type') return 'is required but not set';
  return issue.message;
}

/** Empty strings (a `NAME=` line in an env file) mean "not set". */
export function optionalSetting<Schema extends z.ZodType>(schema: Schema) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
}

/** The listening port, defaulting to the given one; 0 asks the system for a free port (tests). */
export function portSetting(defaultPort: number) {
  return z.coerce
    .number({ error: 'must be a whole number between 0 and 65535' })
    .int({ error: 'must be a whole number between 0 and 65535' })
    .min(0, { error: 'must be a whole number between 0 and 65535' })
    .max(65535, { error: 'must be a whole number between 0 and 65535' })
    .default(defaultPort);
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A secret of at least `minLength` characters (random ones, e.g. `openssl rand -base64 48`). */
export function secretSetting(minLength: number) {
  return z.string({ error: 'is required but not set' }).min(minLength, {
    error: `must be at least ${minLength} characters long`,
  });
}

/** A key setting checked as it is read, so a bad key stops the start with the variable named; its text is kept. */
function keySetting(parse: (text: string) => unknown) {
  const key = z.string({ error: 'is required but not set' }).superRefine((text, context) => {
    try {
      parse(text);
    } catch (error) {
      context.addIssue({
        code: 'custom',
        message: error instanceof IdentityKeyError ? error.message : 'is not a usable key',
      });
    }
  });
  // An empty `NAME=` line of an env file is a key not set, not a malformed one.
  return z.preprocess((value) => (value === '' ? undefined : value), key);
}

/**
 * The gateway's Ed25519 private key, with which it signs the identity header (the gateway's alone; e.g.
 * `openssl genpkey -algorithm ed25519`).
 */
export const internalAuthPrivateKeySetting = keySetting(identityPrivateKey);

/** The gateway's Ed25519 public key, with which a service checks the identity header (e.g. `openssl pkey -pubout`). */
export const internalAuthPublicKeySetting = keySetting(identityPublicKey);

/**
 * Settings every service reads. Spread into a service's own schema and override PORT with its default:
 * `z.object({ ...commonConfigShape, PORT: portSetting(SERVICES.records.port) })`. Keys are each service's own: the
 * gateway adds `INTERNAL_AUTH_PRIVATE_KEY`, the others `INTERNAL_AUTH_PUBLIC_KEY`.
 */
export const commonConfigShape = {
  PORT: portSetting(SERVICES.gateway.port),
  /** The address to listen on; see `listenHost` for the default. */
  HOST: optionalSetting(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9.:-]+$/, {
        error: 'must be an address or host name to listen on, e.g. 127.0.0.1 or 0.0.0.0',
      }),
  ),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  DATA_DIR: z.string().trim().min(1, { error: 'must not be empty' }).default('./data'),
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'must be one of development, production, test' })
    .default('development'),
  MONGODB_URL: optionalSetting(
    z.string().regex(/^mongodb(\+srv)?:\/\/\S+$/, { error: 'must be a mongodb:// or mongodb+srv:// URL' }),
  ),
  NATS_URL: optionalSetting(
    z.string().regex(/^(nats|tls|ws|wss):\/\/[^\s,]+(,(nats|tls|ws|wss):\/\/[^\s,]+)*$/, {
      error: 'must be one or more comma-separated nats:// (or tls://, ws://, wss://) URLs',
    }),
  ),
};

export const commonConfigSchema = z.object(commonConfigShape);
export type CommonConfig = z.output<typeof commonConfigSchema>;

/**
 * Where a service listens: `HOST` when set; otherwise every interface in production (a container must be
 * reachable) and this machine only elsewhere, so a developer's app is not open to the network they are on.
 */
export function listenHost({ HOST, NODE_ENV }: { HOST?: string | undefined; NODE_ENV: string }): string {
  return HOST ?? (NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1');
}

/** True for addresses only this machine can reach: localhost, 127.0.0.0/8 and ::1. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  return (
    bare.toLowerCase() === 'localhost' ||
    bare === '::1' ||
    /^127(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(bare) ||
    /^::ffff:127(\.\d{1,3}){3}$/i.test(bare)
  );
}
