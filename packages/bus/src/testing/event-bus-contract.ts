import { randomUUID } from 'node:crypto';
import { USER_ERASED_TYPE, type CullEvent, type StoredLogEvent, type UserErased } from '@cull-log/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryBatch, Delivery, EventBus, Subscription } from '../event-bus';
import { sampleCullEvent } from './sample-events';

/** What the contract suite needs from one adapter; a new fixture is made for every test. */
export interface BusContractFixture {
  /** The bus under test; restart() replaces it. */
  readonly bus: EventBus;
  /** Makes the event part of what the bus carries (append it to the log first, if the bus reads one) and publishes it. */
  publishNew(event: CullEvent): Promise<StoredLogEvent>;
  /** Erases the user's events where the bus reads them from, if it reads a log, then calls `bus.eraseUser`. */
  erase(erasure: UserErased): Promise<void>;
  /** What a process restart involves: the bus is closed and opened again over the same durable state. */
  restart(): Promise<void>;
  dispose(): Promise<void>;
}

export type BusContractFixtureFactory = () => Promise<BusContractFixture>;

export interface BusContractOptions {
  /** Ack wait given to every subscription; short, so redelivery tests are quick. Default 1 s. */
  ackWaitMs?: number;
  /** How long a test waits for deliveries it expects. Default 15 s. */
  waitTimeoutMs?: number;
}

type Answer = 'ack' | 'nak' | 'throw' | 'ignore';
/** What a batch handler does: ack all, ack the first n (the rest again), nak, or throw. */
type BatchAnswer = Answer | { ackFirst: number };

interface Received {
  event: StoredLogEvent;
  deliveryCount: number;
}

/** The same behaviour checks for every EventBus adapter. */
export function eventBusContract(
  name: string,
  createFixture: BusContractFixtureFactory,
  options: BusContractOptions = {},
): void {
  const ackWaitMs = options.ackWaitMs ?? 1_000;
  const waitTimeoutMs = options.waitTimeoutMs ?? 15_000;

  describe(`EventBus contract: ${name}`, () => {
    let fixture: BusContractFixture;

    beforeEach(async () => {
      fixture = await createFixture();
    });

    afterEach(async () => {
      await fixture.dispose();
    });

    /** Subscribes and keeps every delivery; `answer` says what to do with each (default: ack). */
    async function consume(
      durableName: string,
      answer: (delivery: Delivery) => Answer = () => 'ack',
    ): Promise<{ received: Received[]; subscription: Subscription }> {
      const received: Received[] = [];
      const subscription = await fixture.bus.subscribe({
        durableName,
        ackWaitMs,
        retryDelayMs: 100,
        handler: async (delivery) => {
          received.push({ event: delivery.event, deliveryCount: delivery.deliveryCount });
          const decision = answer(delivery);
          if (decision === 'ack') await delivery.ack();
          else if (decision === 'nak') await delivery.nak();
          else if (decision === 'throw') throw new Error('handler failed on purpose');
        },
      });
      return { received, subscription };
    }

    /** Subscribes to batches and keeps every batch's deliveries; `answer` says what to do with each batch. */
    async function consumeBatches(
      durableName: string,
      maxBatchSize: number,
      answer: (batch: DeliveryBatch, index: number) => BatchAnswer = () => 'ack',
    ): Promise<{ batches: Received[][]; received: Received[] }> {
      const batches: Received[][] = [];
      const received: Received[] = [];
      await fixture.bus.subscribeBatches({
        durableName,
        maxBatchSize,
        ackWaitMs,
        retryDelayMs: 100,
        handler: async (batch) => {
          const deliveries = batch.deliveries.map(({ event, deliveryCount }) => ({ event, deliveryCount }));
          batches.push(deliveries);
          received.push(...deliveries);
          const decision = answer(batch, batches.length - 1);
          if (decision === 'ack') await batch.ack();
          else if (decision === 'nak') await batch.nak();
          else if (decision === 'throw') throw new Error('handler failed on purpose');
          else if (decision !== 'ignore') await batch.ack(decision.ackFirst);
        },
      });
      return { batches, received };
    }

    async function waitForCount(received: Received[], count: number): Promise<void> {
      await vi.waitFor(() => expect(received.length).toBeGreaterThanOrEqual(count), {
        timeout: waitTimeoutMs,
        interval: 20,
      });
    }

    async function publishAll(events: CullEvent[]): Promise<StoredLogEvent[]> {
      const stored: StoredLogEvent[] = [];
      for (const event of events) stored.push(await fixture.publishNew(event));
      return stored;
    }

    const ids = (items: { id: string }[]) => items.map((item) => item.id);
    const receivedIds = (received: Received[]) => received.map((item) => item.event.id);

    it("a user's erasure reaches a consumer after the events of theirs it already had, and none of theirs comes after", async () => {
      const erasedUser = 'erased-user';
      const [mine, theirs] = [randomUUID(), randomUUID()];
      const heard: string[] = [];
      const before = await publishAll([
        sampleCullEvent({ streamId: mine, version: 1, userId: erasedUser }),
        sampleCullEvent({ streamId: theirs, version: 1, userId: 'user-2' }),
        sampleCullEvent({ streamId: mine, version: 2, userId: erasedUser }),
      ]);
      await fixture.bus.subscribeBatches({
        durableName: 'erasing',
        maxBatchSize: 10,
        ackWaitMs,
        retryDelayMs: 100,
        handler: async (batch) => {
          for (const { event } of batch.deliveries) heard.push(event.id);
          await batch.ack();
        },
        onUserErased: async (erasure) => {
          heard.push(`erased ${erasure.userId}`);
        },
      });
      await vi.waitFor(() => expect(heard).toHaveLength(3), { timeout: waitTimeoutMs, interval: 20 });
      const erasure: UserErased = {
        id: randomUUID(),
        type: USER_ERASED_TYPE,
        userId: erasedUser,
        occurredAt: new Date().toISOString(),
        meta: { correlationId: randomUUID() },
      };

      await fixture.erase(erasure);
      const [later] = await publishAll([sampleCullEvent({ streamId: theirs, version: 2, userId: 'user-2' })]);

      await vi.waitFor(() => expect(heard).toHaveLength(5), { timeout: waitTimeoutMs, interval: 20 });
      expect(heard).toEqual([...ids(before), `erased ${erasedUser}`, later!.id]);
      const { received } = await consume('after-erasure');
      await waitForCount(received, 2);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(received.map((item) => item.event.userId)).toEqual(['user-2', 'user-2']);
    });

    it('delivers every event once, whole and in publish order, published before or after subscribing', async () => {
      const cullA = randomUUID();
      const cullB = randomUUID();
      const before = await publishAll([
        sampleCullEvent({ streamId: cullA, version: 1 }),
        sampleCullEvent({ streamId: cullB, version: 1, userId: 'user-2' }),
        sampleCullEvent({ streamId: cullA, version: 2 }),
      ]);
      const { received } = await consume('projection');
      const after = await publishAll([
        sampleCullEvent({ streamId: cullB, version: 2, userId: 'user-2' }),
        sampleCullEvent({ streamId: cullA, version: 3 }),
      ]);
      await waitForCount(received, 5);
      // Longer than the ack wait: an acknowledgement that did not stick would show as a repeat.
      await new Promise((resolve) => setTimeout(resolve, ackWaitMs + 500));
      const [sentinel] = await publishAll([sampleCullEvent()]);
      await waitForCount(received, 6);

      const published = [...before, ...after, sentinel!];
      expect(received.map((item) => item.event)).toEqual(published);
      expect(received.every((item) => item.deliveryCount === 1)).toBe(true);
    });

    it('keeps a burst of events across several culls in log order', async () => {
      const culls = [randomUUID(), randomUUID(), randomUUID()];
      const events = Array.from({ length: 30 }, (_, index) =>
        sampleCullEvent({ streamId: culls[index % 3], version: Math.floor(index / 3) + 1 }),
      );
      const { received } = await consume('burst');
      const published = await publishAll(events);
      await waitForCount(received, 30);

      expect(receivedIds(received)).toEqual(ids(published));
      const positions = received.map((item) => item.event.position);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    });

    it('delivers a republished event (same id) once', async () => {
      const [first] = await publishAll([sampleCullEvent()]);
      await fixture.bus.publish(first!);
      await fixture.bus.publish(first!);
      const [second] = await publishAll([sampleCullEvent()]);
      const { received } = await consume('dedup');
      await waitForCount(received, 2);
      await fixture.bus.publish(second!);
      const [third] = await publishAll([sampleCullEvent()]);
      await waitForCount(received, 3);

      expect(receivedIds(received)).toEqual(ids([first!, second!, third!]));
    });

    it('redelivers an event its consumer received but never acknowledged, after that consumer stops', async () => {
      const published = await publishAll([sampleCullEvent(), sampleCullEvent()]);
      const dying = await consume('worker', () => 'ignore');
      await waitForCount(dying.received, 1);
      await dying.subscription.stop();

      const next = await consume('worker');
      await waitForCount(next.received, 2);

      expect(receivedIds(dying.received)).toEqual(ids(published.slice(0, 1)));
      expect(receivedIds(next.received)).toEqual(ids(published));
    });

    it('redelivers an event left unanswered after the ack wait, before any later event', async () => {
      const published = await publishAll([sampleCullEvent(), sampleCullEvent()]);
      const first = published[0]!.id;
      const { received } = await consume('slow', ({ event, deliveryCount }) =>
        event.id === first && deliveryCount === 1 ? 'ignore' : 'ack',
      );
      await waitForCount(received, 3);

      expect(receivedIds(received)).toEqual(ids([published[0]!, published[0]!, published[1]!]));
      expect(received.map((item) => item.deliveryCount)).toEqual([1, 2, 1]);
    });

    it('does not redeliver an event while its handler is still working past the ack wait', async () => {
      const [slow] = await publishAll([sampleCullEvent()]);
      const received: Received[] = [];
      await fixture.bus.subscribe({
        durableName: 'long-running',
        ackWaitMs,
        handler: async (delivery) => {
          received.push({ event: delivery.event, deliveryCount: delivery.deliveryCount });
          if (delivery.event.id === slow!.id)
            await new Promise((resolve) => setTimeout(resolve, ackWaitMs * 2));
          await delivery.ack();
        },
      });
      const [sentinel] = await publishAll([sampleCullEvent()]);
      await waitForCount(received, 2);

      expect(receivedIds(received)).toEqual(ids([slow!, sentinel!]));
      expect(received.map((item) => item.deliveryCount)).toEqual([1, 1]);
    });

    it('gives a handler that throws the same event again, before any later event', async () => {
      const published = await publishAll([sampleCullEvent(), sampleCullEvent()]);
      const first = published[0]!.id;
      const { received } = await consume('flaky', ({ event, deliveryCount }) =>
        event.id === first && deliveryCount < 3 ? 'throw' : 'ack',
      );
      await waitForCount(received, 4);

      expect(receivedIds(received)).toEqual(
        ids([published[0]!, published[0]!, published[0]!, published[1]!]),
      );
      expect(received.map((item) => item.deliveryCount)).toEqual([1, 2, 3, 1]);
    });

    it('redelivers a nakked event before any later event', async () => {
      const published = await publishAll([sampleCullEvent(), sampleCullEvent()]);
      const first = published[0]!.id;
      const { received } = await consume('picky', ({ event, deliveryCount }) =>
        event.id === first && deliveryCount === 1 ? 'nak' : 'ack',
      );
      await waitForCount(received, 3);

      expect(receivedIds(received)).toEqual(ids([published[0]!, published[0]!, published[1]!]));
    });

    it('resumes a durable consumer after a restart where it stopped: acknowledged events are not repeated', async () => {
      const published = await publishAll([sampleCullEvent(), sampleCullEvent(), sampleCullEvent()]);
      const third = published[2]!.id;
      const before = await consume('resumer', (delivery) => (delivery.event.id === third ? 'ignore' : 'ack'));
      await waitForCount(before.received, 3);
      await before.subscription.stop();

      await fixture.restart();
      const [fourth] = await publishAll([sampleCullEvent()]);
      const after = await consume('resumer');
      await waitForCount(after.received, 2);

      expect(receivedIds(before.received)).toEqual(ids(published));
      expect(receivedIds(after.received)).toEqual(ids([published[2]!, fourth!]));
    });

    it('gives each durable name every event', async () => {
      const published = await publishAll([sampleCullEvent(), sampleCullEvent()]);
      const stats = await consume('stats');
      const exports = await consume('exports');
      published.push(...(await publishAll([sampleCullEvent()])));
      await waitForCount(stats.received, 3);
      await waitForCount(exports.received, 3);

      expect(receivedIds(stats.received)).toEqual(ids(published));
      expect(receivedIds(exports.received)).toEqual(ids(published));
    });

    it('hands a batch subscription the events in log order, several at a time, each once', async () => {
      const published = await publishAll(Array.from({ length: 12 }, () => sampleCullEvent()));
      const { batches, received } = await consumeBatches('batches', 5);
      published.push(...(await publishAll([sampleCullEvent(), sampleCullEvent()])));
      await waitForCount(received, 14);
      await new Promise((resolve) => setTimeout(resolve, ackWaitMs + 500));

      expect(receivedIds(received)).toEqual(ids(published));
      expect(received.every((item) => item.deliveryCount === 1)).toBe(true);
      expect(batches.every((batch) => batch.length >= 1 && batch.length <= 5)).toBe(true);
      expect(Math.max(...batches.map((batch) => batch.length))).toBeGreaterThan(1);
    });

    it('delivers the rest of a batch acknowledged in part again, before any later event', async () => {
      const published = await publishAll(Array.from({ length: 6 }, () => sampleCullEvent()));
      const { batches, received } = await consumeBatches('partial', 10, (_batch, index) =>
        index === 0 ? { ackFirst: 1 } : 'ack',
      );
      await waitForCount(received, batches[0]?.length ?? 0);
      await vi.waitFor(() => expect(received.length).toBeGreaterThanOrEqual((batches[0]?.length ?? 0) + 5), {
        timeout: waitTimeoutMs,
        interval: 20,
      });

      const first = batches[0]!;
      expect(receivedIds(received)).toEqual(
        ids([...published.slice(0, first.length), ...published.slice(1)]),
      );
      expect(received.slice(first.length).map((item) => item.deliveryCount)).toEqual(
        published.slice(1).map((_event, index) => (index + 1 < first.length ? 2 : 1)),
      );
    });

    it('delivers a whole batch again, in order, when it is nakked or its handler throws', async () => {
      const published = await publishAll(Array.from({ length: 4 }, () => sampleCullEvent()));
      const nakked = await consumeBatches('nakked-batch', 10, (_batch, index) =>
        index === 0 ? 'nak' : 'ack',
      );
      const thrown = await consumeBatches('thrown-batch', 10, (_batch, index) =>
        index === 0 ? 'throw' : 'ack',
      );
      for (const { batches, received } of [nakked, thrown]) {
        await waitForCount(received, 1);
        await waitForCount(received, (batches[0]?.length ?? 0) + 4);
        const first = batches[0]!;
        expect(receivedIds(received)).toEqual(ids([...published.slice(0, first.length), ...published]));
      }
    });

    it('delivers nothing to a stopped subscription', async () => {
      const [first] = await publishAll([sampleCullEvent()]);
      const stopped = await consume('stopped');
      await waitForCount(stopped.received, 1);
      await stopped.subscription.stop();

      const witness = await consume('witness');
      const [second] = await publishAll([sampleCullEvent()]);
      await waitForCount(witness.received, 2);

      expect(receivedIds(witness.received)).toEqual(ids([first!, second!]));
      expect(receivedIds(stopped.received)).toEqual(ids([first!]));
    });
  });
}
