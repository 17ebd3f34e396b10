export {
  eventStoreContract,
  type EventStoreContractOptions,
  type EventStoreLocation,
} from './event-store-contract';
export { mongoTestTarget, type MongoTestTarget } from './mongo-test-target';
export { cullAmendedEvent, cullDeletedEvent, cullRecordedEvent } from './sample-events';
