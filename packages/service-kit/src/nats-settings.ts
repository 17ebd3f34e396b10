import { accessSync, constants } from 'node:fs';
import { z } from 'zod';
import { optionalSetting } from './config';

const readableFile = optionalSetting(
  z
    .string()
    .trim()
    .refine(
      (path) => {
        try {
          accessSync(path, constants.R_OK);
          return true;
        } catch {
          return false;
        }
      },
      { error: 'must be the path of a file this process can read' },
    ),
);

export const NATS_PASSWORD_MIN_LENGTH = 16;

/**
 * How a service that uses NATS signs in to it. Spread beside `commonConfigShape` and check the pairs with
 * `checkNatsSettings`: `z.object({ ...commonConfigShape, ...natsConfigShape }).superRefine(checkNatsSettings)`.
 */
export const natsConfigShape = {
  /** The service's own NATS user; the server's permissions for it say what it may publish and read. */
  NATS_USER: optionalSetting(
    z.string().regex(/^[A-Za-z0-9_-]+$/, {
      error: 'must be a user name of letters, digits, "-" and "_"',
    }),
  ),
  /**
   * nats-server reads each password from its environment as a configuration value, where `3e4…` is a number and
   * a space ends it: so letters, digits, "-" and "_", starting with a letter (e.g. `n$(openssl rand -hex 24)`).
   */
  NATS_PASSWORD: optionalSetting(
    z.string().regex(new RegExp(`^[A-Za-z][A-Za-z0-9_-]{${NATS_PASSWORD_MIN_LENGTH - 1},}$`), {
      error:
        `must be at least ${NATS_PASSWORD_MIN_LENGTH} letters, digits, "-" or "_", starting with a letter ` +
        '(e.g. n followed by `openssl rand -hex 24`)',
    }),
  ),
  /** A CA certificate (PEM) to trust for the server's certificate, besides the system's. */
  NATS_TLS_CA: readableFile,
  /** A client certificate (PEM) and its key, for a server that verifies its clients. */
  NATS_TLS_CERT: readableFile,
  NATS_TLS_KEY: readableFile,
};

/** The NATS settings as parsed. */
export type NatsConfig = z.output<z.ZodObject<typeof natsConfigShape>>;

type NatsConfigFields = {
  NODE_ENV?: string;
  NATS_URL?: string | undefined;
  NATS_USER?: string | undefined;
  NATS_PASSWORD?: string | undefined;
  NATS_TLS_CA?: string | undefined;
  NATS_TLS_CERT?: string | undefined;
  NATS_TLS_KEY?: string | undefined;
};

/**
 * Refuses a half-given pair, credentials written into NATS_URL (where logs and status pages show them), and a
 * production service on NATS without its own user.
 */
export function checkNatsSettings(config: NatsConfigFields, context: z.RefinementCtx): void {
  if (config.NODE_ENV === 'production' && config.NATS_URL !== undefined && config.NATS_USER === undefined) {
    context.addIssue({
      code: 'custom',
      path: ['NATS_USER'],
      message:
        'is required in production when NATS_URL is set: each service signs in to NATS as its own user',
    });
  }
  const both = (first: keyof NatsConfigFields, second: keyof NatsConfigFields) => {
    if ((config[first] === undefined) === (config[second] === undefined)) return;
    const missing = config[first] === undefined ? first : second;
    const given = missing === first ? second : first;
    context.addIssue({ code: 'custom', path: [missing], message: `is required when ${given} is set` });
  };
  both('NATS_USER', 'NATS_PASSWORD');
  both('NATS_TLS_CERT', 'NATS_TLS_KEY');
  if (config.NATS_URL?.split(',').some((url) => /^[a-z]+:\/\/[^/]*@/.test(url))) {
    context.addIssue({
      code: 'custom',
      path: ['NATS_URL'],
      message: 'must not hold credentials: set NATS_USER and NATS_PASSWORD instead',
    });
  }
}

/** What `connectNatsBus` takes from the settings (its `servers`, `credentials` and `tls`). */
export interface NatsConnectionSettings {
  servers: string[];
  credentials?: { user: string; password: string };
  tls?: { caFile?: string; certFile?: string; keyFile?: string };
}

/** The connection settings of checked config, for `connectNatsBus({ ...natsConnectionSettings(config), … })`. */
export function natsConnectionSettings(
  config: NatsConfigFields & { NATS_URL: string },
): NatsConnectionSettings {
  const { NATS_USER: user, NATS_PASSWORD: password } = config;
  const tls = {
    ...(config.NATS_TLS_CA === undefined ? {} : { caFile: config.NATS_TLS_CA }),
    ...(config.NATS_TLS_CERT === undefined ? {} : { certFile: config.NATS_TLS_CERT }),
    ...(config.NATS_TLS_KEY === undefined ? {} : { keyFile: config.NATS_TLS_KEY }),
  };
  return {
    servers: config.NATS_URL.split(','),
    ...(user === undefined || password === undefined ? {} : { credentials: { user, password } }),
    ...(Object.keys(tls).length === 0 ? {} : { tls }),
  };
}
