export { buildApp } from './app';
export type { GatewayDeps } from './app';
export {
  gatewayEnvironmentSchema,
  gatewaySettingsFrom,
  withProvider,
  DEFAULT_RATE_LIMITS,
  DEFAULT_GATEWAY_BODY_LIMIT,
} from './config';
export type { AuthMode, GatewayConfig, GatewaySettings, GoogleSettings, RateLimits } from './config';
export { createGatewayFromEnvironment } from './gateway-from-environment';
export type { ComposedGateway } from './gateway-from-environment';
export { GOOGLE_PROVIDER, discoverOidcProvider } from './auth/oidc-provider';
export type { OidcProvider } from './auth/oidc-provider';
export type { AuthOptionsResponse } from './routes/auth-routes';
export { DEFAULT_SESSION_POLICY } from './sessions/session-manager';
export type { SessionPolicy } from './sessions/session-manager';
export type { SessionStore, StoredSession, SessionUser } from './sessions/session-store';
export { openSqliteSessionStore } from './sessions/sqlite-session-store';
export { connectMongoSessionStore } from './sessions/mongo-session-store';
