export { TEST_SECRET, identityHeaders } from './signed-request';
export { startServiceProcess, type ServiceLogLine, type ServiceProcess } from './service-process';
export { freePort } from './free-port';
