import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pino } from 'pino';
import { connectNatsBus, type EventBus, type Subscription } from '@cull-log/bus';
import { startNatsServer, type NatsTestServer } from '@cull-log/bus/testing';
import type { Cull } from '@cull-log/contracts';
import { openSqliteCheckpoints } from '@cull-log/storage-kit';
import { RELAY_CHECKPOINT, startRelay, type Relay } from './relay';
import { ALICE, BOB, createHarness, cullBody, openSqliteBackend } from './testing/records-harness';

const silent = pino({ level: 'silent' });

describe('relay to a real nats-server', () => {
  let nats: NatsTestServer;
  let bus: EventBus;
  let relay: Relay | undefined;
  let subscription: Subscription | undefined;
  const backend = openSqliteBackend();
  const harness = createHarness({ backend, onAppended: () => relay?.notify() });

  beforeAll(async () => {
    nats = await startNatsServer();
    bus = await connectNatsBus({
      servers: nats.url,
      publishTimeoutMs: 500,
      reconnectWaitMs: 100,
      logger: silent,
    });
  });

  afterAll(async () => {
    await subscription?.stop();
    await relay?.stop();
    await bus?.close();
    await nats?.stop();
    await harness.app.close();
    await backend.close();
  });

  /** Records, amends and deletes, so every event type crosses the bus; each request must succeed. */
  async function writeSome(): Promise<void> {
    const created: Cull[] = [];
    for (const user of [ALICE, BOB, ALICE]) {
      const response = await harness.call(user, 'POST', '/culls', cullBody());
      expect(response.statusCode).toBe(201);
      created.push(response.json<Cull>());
    }
    const amend = await harness.call(ALICE, 'PATCH', `/culls/${created[0]!.id}`, { weight: 21 });
    expect(amend.statusCode).toBe(200);
    const remove = await harness.call(BOB, 'DELETE', `/culls/${created[1]!.id}`);
    expect(remove.statusCode).toBe(204);
  }

  it(
    'delivers every event exactly once and in order across a server outage',
    { timeout: 90_000 },
    async () => {
      relay = await startRelay({
        store: backend.store,
        bus,
        checkpoints: openSqliteCheckpoints({
          database: backend.store.database,
          table: RELAY_CHECKPOINT.table,
        }),
        logger: silent,
        retryMinMs: 50,
        retryMaxMs: 400,
      });

      await writeSome();
      await vi.waitFor(() => expect(relay!.position()).toBe(5), { timeout: 10_000 });

      await nats.stop();
      await writeSome();
      await writeSome();
      expect(relay.position()).toBe(5);
      await nats.restart();
      await writeSome();

      const head = await backend.store.headPosition();
      expect(head).toBe(20);
      await vi.waitFor(() => expect(relay!.position()).toBe(head), { timeout: 30_000, interval: 100 });

      const deliveries = new Map<string, number>();
      const positions: number[] = [];
      subscription = await bus.subscribe({
        durableName: 'records-relay-int-test',
        handler: async (delivery) => {
          deliveries.set(delivery.event.id, (deliveries.get(delivery.event.id) ?? 0) + 1);
          positions.push(delivery.event.position);
          await delivery.ack();
        },
      });
      await vi.waitFor(() => expect(positions.length).toBeGreaterThanOrEqual(head), { timeout: 30_000 });
      // Anything published twice would arrive within this pause.
      await new Promise((resolve) => setTimeout(resolve, 1000));

      const logged = await backend.store.readAll(0, 100);
      expect(positions).toEqual(logged.map((event) => event.position));
      expect([...deliveries.keys()].sort()).toEqual(logged.map((event) => event.id).sort());
      expect([...deliveries.values()].every((count) => count === 1)).toBe(true);
    },
  );
});
