export { startNatsServer, type NatsTestServer, type NatsTestServerOptions } from './nats-server';
export {
  eventBusContract,
  type BusContractFixture,
  type BusContractFixtureFactory,
  type BusContractOptions,
} from './event-bus-contract';
export { sampleCullEvent, type SampleEventOptions } from './sample-events';
