export * from './event-bus';
export { consoleBusLogger, type BusLogger } from './bus-logger';
export {
  connectNatsBus,
  BusUnavailableError,
  CULL_SUBJECTS,
  type NatsBusOptions,
} from './nats/nats-event-bus';
export {
  BUS_CONSUMER_CHECKPOINTS,
  createInProcessBus,
  type EventLogReader,
  type InProcessBus,
  type InProcessBusOptions,
} from './in-process/in-process-event-bus';
