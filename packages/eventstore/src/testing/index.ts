export {
  eventStoreContract,
  type EventStoreContractOptions,
  type EventStoreLocation,
} from './event-store-contract';
export { mongoTestTarget, type MongoTestTarget } from './mongo-test-target';
export { describeWithMongo } from './describe-with-mongo';
export {
  createSampleEventLog,
  cullAmendedEvent,
  cullDeletedEvent,
  cullRecordedEvent,
  samplePhoto,
} from './sample-events';
