export { createGatewayFromEnvironment } from './gateway-from-environment';
export type { ComposedGateway, GatewayComposition } from './gateway-from-environment';
export type { UpstreamTarget } from './proxy/upstream';
export { readGatewaySettings } from './config';
export { runErasureReplayCommand } from './erasures/erasure-replay-command';
export type { GatewaySettings } from './config';
export { ACCOUNT_TABLES, type TableInDownload } from './routes/account-tables';
export { SERVICE_EXPORT_FILES } from './routes/account-routes';
