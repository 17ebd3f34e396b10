export type {
  BatchSubscribeOptions,
  DeliveredEvent,
  Delivery,
  DeliveryBatch,
  EventBus,
  SubscribeOptions,
  Subscription,
} from './event-bus';
export type { BusLogger } from './bus-logger';
export {
  connectNatsBus,
  BusUnavailableError,
  DEFAULT_STREAM_MAX_AGE_MS,
  type NatsBusOptions,
} from './nats/nats-event-bus';
export {
  BUS_CONSUMER_CHECKPOINTS,
  createInProcessBus,
  type EventLogReader,
  type InProcessBus,
  type InProcessBusOptions,
} from './in-process/in-process-event-bus';
