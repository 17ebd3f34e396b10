export {
  parseConfig,
  ConfigError,
  commonConfigShape,
  commonConfigSchema,
  portSetting,
  optionalSetting,
  listenHost,
  isLoopbackHost,
  LOG_LEVELS,
  internalAuthPrivateKeySetting,
  internalAuthPublicKeySetting,
  secretSetting,
} from './config';
export type { CommonConfig, ConfigProblem, LogLevel } from './config';
export {
  natsConfigShape,
  checkNatsSettings,
  natsConnectionSettings,
  NATS_PASSWORD_MIN_LENGTH,
} from './nats-settings';
export type { NatsConfig, NatsConnectionSettings } from './nats-settings';
export { createLogger } from './logger';
export type { LoggerOptions } from './logger';
export { HttpError, errorBody } from './http-error';
export {
  buildServiceApp,
  describeError,
  DEFAULT_BODY_LIMIT,
  HEALTH_PATHS,
  REQUEST_ID_HEADER,
} from './service-app';
export type { ServiceAppOptions } from './service-app';
export {
  IDENTITY_HEADER,
  IDENTITY_TTL_SECONDS,
  IdentityError,
  bodyDigestOf,
  signIdentity,
  teamAccessOf,
  verifyIdentity,
} from './identity';
export type {
  Identity,
  IdentityFailure,
  SignIdentityOptions,
  VerifiedIdentity,
  VerifyIdentityOptions,
} from './identity';
export {
  IdentityKeyError,
  generateIdentityKeys,
  identityPrivateKey,
  identityPublicKey,
  publicKeyTextOf,
} from './identity-keys';
export type { KeyText } from './identity-keys';
export { pathOf } from './request-path';
export { readWholeBody } from './read-body';
export { internalAuth, DEFAULT_REPLAY_CAPACITY } from './internal-auth';
export { ReplayGuard, memoryIdentityIds } from './replay-guard';
export { InProcessIdentities } from './in-process-identities';
export type { InternalAuthOptions } from './internal-auth';
export { runService } from './run-service';
export type { RunServiceOptions, RunningService } from './run-service';
export { SERVICES, BACKEND_SERVICES, EVENT_LOG, defaultServiceUrl, identityIdsFile } from './topology';
export type { ServiceName } from './topology';
