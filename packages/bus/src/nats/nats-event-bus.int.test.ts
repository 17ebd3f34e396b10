import { rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import {
  USER_ERASED_TYPE,
  userSubjectToken,
  type StoredEvent,
  type StoredLogEvent,
  type UserErased,
} from '@cull-log/contracts';
import { createSampleEventLog } from '@cull-log/eventstore/testing';
import { StorageType, connect, headers } from 'nats';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BusLogger } from '../bus-logger';
import type { EventBus } from '../event-bus';
import { eventBusContract } from '../testing/event-bus-contract';
import { startNatsServer, type NatsTestServer } from '../testing/nats-server';
import { sampleCullEvent } from '../testing/sample-events';
import { BusUnavailableError, connectNatsBus, type NatsBusOptions } from './nats-event-bus';

const quietLogger: BusLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

function openBus(server: NatsTestServer, options: Partial<NatsBusOptions> = {}): Promise<EventBus> {
  return connectNatsBus({ servers: server.url, reconnectWaitMs: 100, logger: quietLogger, ...options });
}

eventBusContract('NATS JetStream bus against a real nats-server', async () => {
  const server = await startNatsServer();
  let bus = await openBus(server);
  let position = 0;
  return {
    get bus() {
      return bus;
    },
    async publishNew(event) {
      position += 1;
      const stored: StoredEvent = { ...event, position };
      await bus.publish(stored);
      return stored;
    },
    erase: (erasure) => bus.eraseUser(erasure),
    async restart() {
      await bus.close();
      await server.restart();
      bus = await openBus(server);
    },
    async dispose() {
      await bus.close();
      await server.stop();
      rmSync(server.storeDir, { recursive: true, force: true });
    },
  };
});

describe('NATS JetStream bus', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function startServer(): Promise<NatsTestServer> {
    const server = await startNatsServer();
    cleanups.push(async () => {
      await server.stop();
      rmSync(server.storeDir, { recursive: true, force: true });
    });
    return server;
  }

  async function startBus(server: NatsTestServer, options: Partial<NatsBusOptions> = {}): Promise<EventBus> {
    const bus = await openBus(server, options);
    cleanups.push(() => bus.close());
    return bus;
  }

  async function collect(bus: EventBus, durableName: string): Promise<string[]> {
    const received: string[] = [];
    await bus.subscribe({
      durableName,
      ackWaitMs: 1_000,
      handler: async (delivery) => {
        received.push(delivery.event.id);
        await delivery.ack();
      },
    });
    return received;
  }

  const waitFor = (check: () => void) => vi.waitFor(check, { timeout: 15_000, interval: 20 });

  it('creates stream CULLS on culls.v1.> with file storage, a two-minute duplicate window and a 30-day max age', async () => {
    const server = await startServer();
    await startBus(server);
    const connection = await connect({ servers: server.url });
    cleanups.push(() => connection.close());
    const info = await (await connection.jetstreamManager()).streams.info('CULLS');

    expect(info.config.subjects).toEqual(['culls.v1.>']);
    expect(info.config.storage).toBe('file');
    expect(info.config.duplicate_window).toBe(120_000_000_000);
    expect(info.config.max_age).toBe(30 * 24 * 3600 * 1_000_000_000);
  });

  it('gives a stream made before it had one the max age, keeping its events', async () => {
    const server = await startServer();
    const connection = await connect({ servers: server.url });
    cleanups.push(() => connection.close());
    const manager = await connection.jetstreamManager();
    await manager.streams.add({ name: 'CULLS', subjects: ['culls.v1.>'], storage: StorageType.File });
    await connection.jetstream().publish('culls.v1.stalker-42.recorded', 'an older event');

    await startBus(server, { maxAgeMs: 3 * 3600_000 });

    const info = await manager.streams.info('CULLS');
    expect(info.config.max_age).toBe(3 * 3600 * 1_000_000_000);
    expect(info.state.messages).toBe(1);
  });

  it('publishes each event on culls.v1.<userId>.<kind> with the event id as Nats-Msg-Id', async () => {
    const server = await startServer();
    const bus = await startBus(server);
    const recorded = { ...sampleCullEvent({ userId: 'stalker-42' }), position: 1 };
    const amended = {
      ...sampleCullEvent({ streamId: recorded.streamId, version: 2, userId: 'stalker-42' }),
      position: 2,
    };
    await bus.publish(recorded);
    await bus.publish(amended);

    const connection = await connect({ servers: server.url });
    cleanups.push(() => connection.close());
    const manager = await connection.jetstreamManager();
    const first = await manager.streams.getMessage('CULLS', { seq: 1 });
    const second = await manager.streams.getMessage('CULLS', { seq: 2 });

    expect(first.subject).toBe('culls.v1.stalker-42.recorded');
    expect(first.header.get('Nats-Msg-Id')).toBe(recorded.id);
    expect(first.json()).toEqual(recorded);
    expect(second.subject).toBe('culls.v1.stalker-42.amended');
  });

  it('carries the events of grounds, outings, settings and plans on their own subjects, read back as they were', async () => {
    const server = await startServer();
    const bus = await startBus(server);
    const log = createSampleEventLog();
    const recorded = log.recorded('stalker-42');
    const ground = log.groundCreated('stalker-42', 'Home Farm');
    const published = [
      recorded,
      ground,
      log.placed('stalker-42', recorded.streamId, ground.streamId),
      log.outingStarted('stalker-42', ground.streamId, '2026-05-01T05:00:00.000Z'),
      log.settingsChanged('stalker-42', '08-01'),
      log.plansSet('stalker-42', '2026-27', []),
    ];
    for (const event of published) await bus.publish(event);

    const connection = await connect({ servers: server.url });
    cleanups.push(() => connection.close());
    const manager = await connection.jetstreamManager();
    const subjects: string[] = [];
    for (let seq = 1; seq <= published.length; seq++) {
      subjects.push((await manager.streams.getMessage('CULLS', { seq })).subject);
    }
    expect(subjects).toEqual(
      ['recorded', 'ground_created', 'placed', 'outing_started', 'settings_changed', 'plans_set'].map(
        (name) => `culls.v1.stalker-42.${name}`,
      ),
    );
    const received: StoredLogEvent[] = [];
    await bus.subscribe({
      durableName: 'every-family',
      ackWaitMs: 1_000,
      handler: async (delivery) => {
        received.push(delivery.event);
        await delivery.ack();
      },
    });
    await waitFor(() => expect(received).toEqual(published));
  });

  it("erasing a user purges every message on the user's subjects, keeps everyone else's, and leaves the notice alone", async () => {
    const server = await startServer();
    const bus = await startBus(server);
    // Dots and a wildcard in an id: the purge's filter must not reach past this one user.
    const erasedUser = 'dev-jo.bloggs@example.org';
    const similarUser = 'dev-jo';
    let position = 0;
    const publish = async (userId: string, streamId = randomUUID(), version = 1) => {
      position += 1;
      await bus.publish({ ...sampleCullEvent({ streamId, version, userId }), position });
      return streamId;
    };
    const mine = await publish(erasedUser);
    await publish(erasedUser, mine, 2);
    await publish(similarUser);
    await publish('someone-else');
    await publish(erasedUser);
    const erasure: UserErased = {
      id: randomUUID(),
      type: USER_ERASED_TYPE,
      userId: erasedUser,
      occurredAt: new Date().toISOString(),
      meta: { correlationId: randomUUID() },
    };

    await bus.eraseUser(erasure);
    await bus.eraseUser(erasure);

    const connection = await connect({ servers: server.url });
    cleanups.push(() => connection.close());
    const manager = await connection.jetstreamManager();
    const info = await manager.streams.info('CULLS', { subjects_filter: '>' });
    const erasedToken = userSubjectToken(erasedUser);
    expect(info.state.subjects).toEqual({
      [`culls.v1.${similarUser}.recorded`]: 1,
      'culls.v1.someone-else.recorded': 1,
      [`culls.v1.${erasedToken}.erased`]: 1,
    });
    const notice = await manager.streams.getMessage('CULLS', {
      last_by_subj: `culls.v1.${erasedToken}.erased`,
    });
    expect(notice.json()).toEqual(erasure);
  });

  it('an erasure whose handler fails is delivered again before anything later', async () => {
    const server = await startServer();
    const bus = await startBus(server);
    const heard: string[] = [];
    let failures = 1;
    await bus.subscribe({
      durableName: 'failing-erasure',
      ackWaitMs: 1_000,
      retryDelayMs: 50,
      handler: async (delivery) => {
        heard.push(delivery.event.userId);
        await delivery.ack();
      },
      onUserErased: async (erasure) => {
        heard.push(`erased ${erasure.userId}`);
        if (failures-- > 0) throw new Error('store away');
      },
    });
    await bus.eraseUser({
      id: randomUUID(),
      type: USER_ERASED_TYPE,
      userId: 'user-a',
      occurredAt: new Date().toISOString(),
      meta: { correlationId: 'c' },
    });
    await bus.publish({ ...sampleCullEvent({ userId: 'user-b' }), position: 1 });

    await waitFor(() => expect(heard).toEqual(['erased user-a', 'erased user-a', 'user-b']));
  });

  it('logs, terminates and skips a message that is not a valid event', async () => {
    const server = await startServer();
    const errors: Record<string, unknown>[] = [];
    const bus = await startBus(server, {
      logger: { ...quietLogger, error: (details) => errors.push(details) },
    });
    const connection = await connect({ servers: server.url });
    cleanups.push(() => connection.close());
    const jetstream = connection.jetstream();
    await jetstream.publish('culls.v1.user-1.recorded', 'not json');
    await jetstream.publish(
      'culls.v1.user-1.recorded',
      JSON.stringify({ ...sampleCullEvent(), position: 2, version: 0 }),
    );
    const missingPosition = sampleCullEvent();
    await jetstream.publish('culls.v1.user-1.recorded', JSON.stringify(missingPosition), {
      headers: headers(),
    });
    const valid = { ...sampleCullEvent(), position: 4 };
    await bus.publish(valid);

    const received = await collect(bus, 'strict');
    await waitFor(() => expect(received).toEqual([valid.id]));
    expect(errors.map((details) => details.streamSequence)).toEqual([1, 2, 3]);
    expect(String(errors[1]?.reason)).toMatch(/version/);
    expect(String(errors[2]?.reason)).toMatch(/position/);
  });

  it('waits while the server is down and completes the publish once it returns', async () => {
    const server = await startServer();
    const bus = await startBus(server, { publishTimeoutMs: 10_000 });
    const received = await collect(bus, 'patient');
    await server.stop();

    const event = { ...sampleCullEvent(), position: 1 };
    const publishing = bus.publish(event);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await server.restart();
    await publishing;

    await waitFor(() => expect(received).toEqual([event.id]));
  });

  it('rejects a publish when the server stays down past the publish timeout; publishing again later is harmless', async () => {
    const server = await startServer();
    const bus = await startBus(server, { publishTimeoutMs: 500 });
    await server.stop();

    const event = { ...sampleCullEvent(), position: 1 };
    await expect(bus.publish(event)).rejects.toBeInstanceOf(BusUnavailableError);

    await server.restart();
    await bus.publish(event);
    await bus.publish(event);
    const next = { ...sampleCullEvent(), position: 2 };
    await bus.publish(next);
    const received = await collect(bus, 'after-outage');
    await waitFor(() => expect(received).toEqual([event.id, next.id]));
  });

  it('keeps consuming after the server restarts, without the bus being reopened', async () => {
    const server = await startServer();
    const bus = await startBus(server);
    const received = await collect(bus, 'survivor');
    const before = { ...sampleCullEvent(), position: 1 };
    await bus.publish(before);
    await waitFor(() => expect(received).toEqual([before.id]));

    await server.restart();
    const after = { ...sampleCullEvent(), position: 2 };
    await bus.publish(after);
    // At least once, in order: an acknowledgement the server had not stored when it stopped brings that event again
    // (the projections apply each position once).
    await waitFor(() => expect(received.at(-1)).toBe(after.id));
    expect([...new Set(received)]).toEqual([before.id, after.id]);
  });

  it('refuses to connect when no server answers', async () => {
    const server = await startServer();
    await server.stop();
    await expect(openBus(server)).rejects.toThrow();
  });
});
