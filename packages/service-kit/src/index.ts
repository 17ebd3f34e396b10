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
  INTERNAL_AUTH_SECRET_MIN_LENGTH,
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
  signIdentity,
  teamAccessOf,
  verifyIdentity,
} from './identity';
export type { Identity, IdentityFailure, SignIdentityOptions, VerifyIdentityOptions } from './identity';
export { pathOf } from './request-path';
export { internalAuth } from './internal-auth';
export type { InternalAuthOptions } from './internal-auth';
export { runService } from './run-service';
export type { RunServiceOptions, RunningService } from './run-service';
export { SERVICES, BACKEND_SERVICES, EVENT_LOG, defaultServiceUrl } from './topology';
export type { ServiceName } from './topology';
