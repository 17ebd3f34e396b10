export * from './command-log';
