export {
  eventStoreContract,
  type EventStoreContractOptions,
  type EventStoreLocation,
} from './event-store-contract';
export {
  createSampleEventLog,
  cullAmendedEvent,
  cullDeletedEvent,
  cullRecordedEvent,
  samplePhoto,
} from './sample-events';
