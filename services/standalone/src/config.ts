import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  commonConfigShape,
  generateIdentityKeys,
  internalAuthPrivateKeySetting,
  optionalSetting,
  parseConfig,
  portSetting,
  publicKeyTextOf,
  secretSetting,
  SERVICES,
  type KeyText,
} from '@cull-log/service-kit';

/** The length of the records service's invitation secret when one is given. */
const INVITATION_SECRET_MIN_LENGTH = 32;

type Environment = Record<string, string | undefined>;

/** What the one-process app reads itself; the gateway's own settings (sign-in, PUBLIC_URL) are checked by it. */
export const standaloneConfigSchema = z.object({
  PORT: portSetting(SERVICES.gateway.port),
  LOG_LEVEL: commonConfigShape.LOG_LEVEL,
  DATA_DIR: commonConfigShape.DATA_DIR,
  NODE_ENV: commonConfigShape.NODE_ENV,
  INTERNAL_AUTH_PRIVATE_KEY: optionalSetting(internalAuthPrivateKeySetting),
  INVITATION_SECRET: optionalSetting(secretSetting(INVITATION_SECRET_MIN_LENGTH)),
  WEB_DIST: optionalSetting(z.string().trim().min(1)),
  MONGODB_URL: commonConfigShape.MONGODB_URL,
  NATS_URL: commonConfigShape.NATS_URL,
});
export type StandaloneConfig = z.output<typeof standaloneConfigSchema>;

export function readStandaloneConfig(env: Environment = process.env): StandaloneConfig {
  return parseConfig(standaloneConfigSchema, env);
}

/** What the four services of the launcher share. */
export const launcherConfigSchema = z.object({
  PORT: portSetting(SERVICES.gateway.port),
  DATA_DIR: commonConfigShape.DATA_DIR,
  INTERNAL_AUTH_PRIVATE_KEY: optionalSetting(internalAuthPrivateKeySetting),
  INVITATION_SECRET: optionalSetting(secretSetting(INVITATION_SECRET_MIN_LENGTH)),
  MONGODB_URL: commonConfigShape.MONGODB_URL,
  NATS_URL: commonConfigShape.NATS_URL,
  NATS_SERVER_BIN: optionalSetting(z.string().trim().min(1)),
});
export type LauncherConfig = z.output<typeof launcherConfigSchema>;

export function readLauncherConfig(env: Environment = process.env): LauncherConfig {
  return parseConfig(launcherConfigSchema, env);
}

/**
 * The key pair the gateway signs identities with: from the configured private key, or made for this run (every
 * process of the run is given its part, so one made at start-up is as good as a configured one).
 */
export function identityKeysOf(privateKey: KeyText | undefined): { privateKey: KeyText; publicKey: KeyText } {
  return privateKey === undefined
    ? generateIdentityKeys()
    : { privateKey, publicKey: publicKeyTextOf(privateKey) };
}

/** A fresh secret for one run; long enough for every secret setting (at least 32 characters). */
export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}
