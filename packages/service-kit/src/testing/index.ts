export { TEST_KEYS, TEST_PUBLIC_KEY, identityHeadersFor, signedIdentity } from './signed-request';
export { startServiceProcess, type ServiceLogLine, type ServiceProcess } from './service-process';
export { freePort } from './free-port';
