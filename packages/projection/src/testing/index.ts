export { capturingBus } from './capturing-bus';
export { caughtUp } from './caught-up';
export { recordedDelivery, type RecordedDelivery } from './recorded-delivery';
export { projectionBookkeepingContract, type MarkingProjection } from './projection-bookkeeping-contract';
