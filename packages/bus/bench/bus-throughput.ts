/** Sequential publish and acknowledged consume rates of both adapters (what the relay and a projection do). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteEventStore } from '@cull-log/eventstore';
import { openSqliteCheckpoints } from '@cull-log/storage-kit';
import type { BusLogger, EventBus } from '../src';
import { BUS_CONSUMER_CHECKPOINTS, connectNatsBus, createInProcessBus } from '../src';
import { sampleCullEvent, startNatsServer } from '../src/testing';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 2_000);
const quiet: BusLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

function perSecond(count: number, startedAt: number): string {
  return `${Math.round(count / ((performance.now() - startedAt) / 1000))} events/s`;
}

async function consumeAll(bus: EventBus, count: number): Promise<string> {
  const startedAt = performance.now();
  let received = 0;
  let done: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => {
    done = resolve;
  });
  const subscription = await bus.subscribe({
    durableName: 'bench',
    handler: async (delivery) => {
      await delivery.ack();
      received += 1;
      if (received === count) done();
    },
  });
  await finished;
  const rate = perSecond(count, startedAt);
  await subscription.stop();
  return rate;
}

async function benchNats(): Promise<void> {
  const server = await startNatsServer();
  const bus = await connectNatsBus({ servers: server.url, logger: quiet });
  const startedAt = performance.now();
  for (let position = 1; position <= EVENTS; position++) {
    await bus.publish({ ...sampleCullEvent(), position });
  }
  console.log(`NATS JetStream publish (awaiting each PubAck): ${perSecond(EVENTS, startedAt)}`);
  console.log(`NATS JetStream consume (ack each, in order): ${await consumeAll(bus, EVENTS)}`);
  await bus.close();
  await server.stop();
}

async function benchInProcess(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'cull-log-bench-'));
  const store = openSqliteEventStore({ file: join(dir, 'events.sqlite') });
  const checkpoints = openSqliteCheckpoints({ database: store.database, table: BUS_CONSUMER_CHECKPOINTS });
  const bus = createInProcessBus({ log: store, checkpoints, logger: quiet });
  for (let index = 0; index < EVENTS; index++) {
    const event = sampleCullEvent();
    await store.append(event.streamId, 0, [event]);
  }
  console.log(`In-process bus consume over SQLite (ack each, in order): ${await consumeAll(bus, EVENTS)}`);
  await bus.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}

console.log(`${EVENTS} events`);
await benchNats();
await benchInProcess();
