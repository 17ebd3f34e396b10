export { createGatewayFromEnvironment } from './gateway-from-environment';
export type { ComposedGateway, GatewayComposition } from './gateway-from-environment';
export type { UpstreamTarget } from './proxy/upstream';
export { readGatewaySettings } from './config';
export type { GatewaySettings } from './config';
