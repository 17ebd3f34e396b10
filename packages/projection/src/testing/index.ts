export { capturingBus } from './capturing-bus';
export { caughtUp } from './caught-up';
export { recordedBatch, type RecordedBatch } from './recorded-batch';
export { projectionBookkeepingContract, type MarkingProjection } from './projection-bookkeeping-contract';
