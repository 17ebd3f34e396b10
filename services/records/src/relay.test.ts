import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pino } from 'pino';
import type { StoredEvent } from '@cull-log/contracts';
import { openSqliteCheckpoints, type Checkpoints } from '@cull-log/storage-kit';
import { RELAY_CHECKPOINT, startRelay, type Relay } from './relay';
import { ALICE, BOB, createHarness, cullBody, openSqliteBackend } from './testing/records-harness';

/** A bus that takes events while up and refuses them, taking nothing, while down. */
function fakeBus() {
  const bus = {
    up: true,
    published: [] as StoredEvent[],
    refused: 0,
    async publish(event: StoredEvent) {
      if (!bus.up) {
        bus.refused += 1;
        throw new Error('bus down');
      }
      bus.published.push(event);
    },
  };
  return bus;
}

const silent = pino({ level: 'silent' });

describe('relay', () => {
  let backend: ReturnType<typeof openSqliteBackend>;
  let harness: ReturnType<typeof createHarness>;
  let checkpoints: Checkpoints;
  let relays: Relay[];
  let notify: () => void;

  beforeEach(() => {
    backend = openSqliteBackend();
    checkpoints = openSqliteCheckpoints({ database: backend.store.database, table: RELAY_CHECKPOINT.table });
    relays = [];
    notify = () => undefined;
    harness = createHarness({ backend, onAppended: () => notify() });
  });

  afterEach(async () => {
    for (const relay of relays) await relay.stop();
    await harness.app.close();
    await backend.close();
  });

  async function relayTo(bus: ReturnType<typeof fakeBus>, idlePollMs = 60_000): Promise<Relay> {
    const relay = await startRelay({
      store: backend.store,
      bus,
      checkpoints,
      logger: silent,
      batchSize: 3,
      idlePollMs,
      retryMinMs: 5,
      retryMaxMs: 20,
    });
    relays.push(relay);
    notify = () => relay.notify();
    return relay;
  }

  async function write(count: number): Promise<void> {
    for (let index = 0; index < count; index += 1) {
      const response = await harness.call(ALICE, 'POST', '/culls', cullBody());
      expect(response.statusCode).toBe(201);
    }
  }

  const positions = (events: StoredEvent[]) => events.map((event) => event.position);

  it('publishes the whole log in order, in batches, and stores how far it got', async () => {
    await write(7);
    const bus = fakeBus();
    const relay = await relayTo(bus, 10);
    await vi.waitFor(() => expect(positions(bus.published)).toEqual([1, 2, 3, 4, 5, 6, 7]));
    expect(relay.position()).toBe(7);
    expect(await checkpoints.load(RELAY_CHECKPOINT.name)).toBe(7);
  });

  it('is woken by a write instead of waiting for its next look', async () => {
    const bus = fakeBus();
    await relayTo(bus);
    await write(2);
    await vi.waitFor(() => expect(positions(bus.published)).toEqual([1, 2]));
  });

  it('starts again after the last acknowledged event, publishing nothing twice', async () => {
    await write(4);
    const first = fakeBus();
    const relay = await relayTo(first);
    await vi.waitFor(() => expect(first.published).toHaveLength(4));
    await relay.stop();

    await write(2);
    const second = fakeBus();
    await relayTo(second);
    await vi.waitFor(() => expect(positions(second.published)).toEqual([5, 6]));
  });

  it('keeps accepting writes while the bus is down, then delivers every event once, in order', async () => {
    const bus = fakeBus();
    bus.up = false;
    const relay = await relayTo(bus);
    await write(5);
    await vi.waitFor(() => expect(bus.refused).toBeGreaterThan(2));
    expect(bus.published).toEqual([]);
    expect(await checkpoints.load(RELAY_CHECKPOINT.name)).toBe(0);
    expect((await harness.call(ALICE, 'GET', '/culls')).json().total).toBe(5);

    bus.up = true;
    await vi.waitFor(() => expect(positions(bus.published)).toEqual([1, 2, 3, 4, 5]));
    expect(relay.position()).toBe(5);
  });

  it('moves the checkpoint only past events the bus acknowledged', async () => {
    await write(3);
    const bus = fakeBus();
    const publish = bus.publish;
    let refusals = 0;
    bus.publish = async (event) => {
      if (event.position === 2) {
        refusals += 1;
        throw new Error('rejected');
      }
      return publish(event);
    };
    await relayTo(bus);
    await vi.waitFor(() => expect(refusals).toBeGreaterThan(2));
    expect(positions(bus.published)).toEqual([1]);
    expect(await checkpoints.load(RELAY_CHECKPOINT.name)).toBe(1);
  });

  it('runs paused work only between publishing rounds: a round under way finishes first, none starts during it', async () => {
    const bus = fakeBus();
    const publish = bus.publish;
    let releaseFirst: () => void = () => undefined;
    const firstHeld = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    bus.publish = async (event) => {
      if (event.position === 1) await firstHeld;
      return publish(event);
    };
    const relay = await relayTo(bus);
    await write(1);
    const steps: string[] = [];
    let releaseWork: () => void = () => undefined;
    const paused = relay.whilePaused(async () => {
      steps.push(`work began after ${bus.published.length} published`);
      await new Promise<void>((resolve) => {
        releaseWork = resolve;
      });
      return 'done';
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(steps).toEqual([]);

    releaseFirst();
    await vi.waitFor(() => expect(steps).toEqual(['work began after 1 published']));
    await write(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(positions(bus.published)).toEqual([1]);
    releaseWork();

    expect(await paused).toBe('done');
    await vi.waitFor(() => expect(positions(bus.published)).toEqual([1, 2]));
  });

  it("carries on past the hole a user's erasure leaves in the log, publishing what comes after", async () => {
    const bus = fakeBus();
    const relay = await relayTo(bus);
    await write(2);
    await vi.waitFor(() => expect(positions(bus.published)).toEqual([1, 2]));

    await relay.whilePaused(() => backend.store.eraseUser(ALICE.uid));
    await harness.call(BOB, 'POST', '/culls', cullBody());

    await vi.waitFor(() => expect(positions(bus.published)).toEqual([1, 2, 3]));
    expect(await checkpoints.load(RELAY_CHECKPOINT.name)).toBe(3);
  });

  it('stops promptly while waiting to retry a down bus', async () => {
    const bus = fakeBus();
    bus.up = false;
    await write(1);
    const relay = await relayTo(bus);
    await vi.waitFor(() => expect(bus.refused).toBeGreaterThan(0));
    await relay.stop();
    const refusedAtStop = bus.refused;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bus.refused).toBe(refusedAtStop);
  });
});
