export * from './enums';
export * from './messages';
export * from './cull';
export * from './api';
export * from './events';
export * from './commands';
export * from './validation';
export * from './timing';
