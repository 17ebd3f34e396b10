export * from './command-log';
export * from './management-log';
