import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { parseStoredEvent, type CullChanges, type CullFields, type StoredEvent } from '@cull-log/contracts';
import { EVENT_LOG_V1, eventLogV1Events } from '@cull-log/contracts/testing';
import { computeStats, type CullState } from '@cull-log/domain';
import { COMMAND_CULL_IDS, COMMAND_USERS, commandStep, runCommands } from '@cull-log/domain/testing';
import { applyDelivery } from '@cull-log/projection';
import { recordedBatch } from '@cull-log/projection/testing';
import { statsResponse, statsWindow } from './stats-figures';
import { openSqliteStatsStore } from './store/sqlite-stats-store';
import type { StatsStore } from './store/stats-store';

const SPECIES = ['Roe Deer', 'Red Deer', 'Muntjac', 'Fox', 'Hare', '__proto__'];

const date = fc
  .date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2027-12-31T00:00:00Z'), noInvalidDate: true })
  .map((value) => value.toISOString().slice(0, 10));
const weight = fc.oneof(
  fc.constant(undefined),
  fc.double({ min: 0, max: 1000, noNaN: true }),
  fc.constantFrom(12.25, 0.05),
);

const fields: fc.Arbitrary<CullFields> = fc
  .record({
    date,
    time: fc.constant('06:00'),
    location_name: fc.constant('Home Wood'),
    species: fc.constantFrom(...SPECIES),
    sex: fc.constantFrom('Male', 'Female', 'Unknown'),
    age_estimate: fc.constant('Adult'),
    condition: fc.constant('Good'),
    shot_placement: fc.constant('Heart/Lung'),
    antlers_present: fc.boolean(),
    weight,
    carcass_tag: fc.option(fc.constantFrom('T1', 'T2'), { nil: undefined }),
  })
  .map(({ weight: kilograms, carcass_tag: tag, ...rest }) => ({
    ...rest,
    ...(kilograms === undefined ? {} : { weight: kilograms }),
    ...(tag === undefined ? {} : { carcass_tag: tag }),
  }));

const changes: fc.Arbitrary<CullChanges> = fc.record(
  {
    species: fc.constantFrom(...SPECIES),
    sex: fc.constantFrom('Male', 'Female', 'Unknown'),
    date,
    weight: fc.oneof(fc.constant(null), fc.double({ min: 0, max: 1000, noNaN: true })),
  },
  { requiredKeys: [] },
);

const step = commandStep(fields, changes);

const silent = pino({ level: 'silent' });

describe('stats projection', () => {
  let directory: string;
  let store: StatsStore;

  /** The store's figures for every user equal computeStats over the users' live records. */
  async function expectFiguresOf(states: Map<string, CullState>, position: number, now: Date) {
    for (const userId of COMMAND_USERS) {
      const records = [...states.values()].flatMap((state) =>
        state.status === 'active' && state.ownerId === userId ? [state.fields] : [],
      );
      const figures = statsResponse(await store.aggregates(statsWindow(userId, now)), now);
      expect(figures).toEqual({ ...computeStats(records, now), position });
    }
  }
  beforeAll(() => {
    directory = mkdtempSync(join(tmpdir(), 'cull-log-stats-property-'));
    store = openSqliteStatsStore({ file: join(directory, 'stats.db') });
  });
  afterAll(async () => {
    await store.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('equals computeStats over the final records for random record, amend and delete sequences, redeliveries included', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { maxLength: 40 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        fc.date({
          min: new Date('2024-06-01T00:00:00Z'),
          max: new Date('2027-06-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        async (steps, redeliveries, now) => {
          await store.clear();
          const { log, states } = runCommands(steps);
          for (const [index, event] of log.entries()) {
            const first = recordedBatch([event]);
            expect(await applyDelivery(store, first, silent)).toEqual(['applied']);
            expect(first.acknowledged).toBe(1);
            // Some earlier event comes round again, as after a consumer crash before its ack.
            for (const pick of redeliveries.filter((_, at) => at % (index + 1) === 0)) {
              const again = recordedBatch([log[pick % (index + 1)] as StoredEvent]);
              expect(await applyDelivery(store, again, silent)).toEqual(['duplicate']);
              expect(again.acknowledged).toBe(1);
            }
          }
          await expectFiguresOf(states, log.length, now);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('equals computeStats when the log arrives in batches, each with earlier events redelivered among its own', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { maxLength: 60 }),
        fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 20 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        fc.date({
          min: new Date('2024-06-01T00:00:00Z'),
          max: new Date('2027-06-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        async (steps, sizes, redeliveries, now) => {
          await store.clear();
          const { log, states } = runCommands(steps);
          for (let start = 0, turn = 0; start < log.length; turn += 1) {
            const end = Math.min(log.length, start + (sizes[turn % sizes.length] as number));
            // A consumer that crashed before its ack is handed some of what it already applied again.
            const repeated = start === 0 ? [] : redeliveries.map((pick) => log[pick % start] as StoredEvent);
            const batch = recordedBatch([...repeated, ...log.slice(start, end)]);
            const outcomes = await applyDelivery(store, batch, silent);
            expect(outcomes).toEqual([
              ...repeated.map(() => 'duplicate'),
              ...log.slice(start, end).map(() => 'applied'),
            ]);
            expect(batch.acknowledged).toBe(batch.deliveries.length);
            start = end;
          }
          await expectFiguresOf(states, log.length, now);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('gives the figures of the time for a log written before the carcass fields, read as the bus reads it', async () => {
    await store.clear();
    const log = eventLogV1Events().map(({ position, ...event }) => parseStoredEvent(event, position));
    const batch = recordedBatch(log);
    expect(await applyDelivery(store, batch, silent)).toEqual(log.map(() => 'applied'));
    const now = new Date(EVENT_LOG_V1.statsAt);
    for (const [userId, stats] of Object.entries(EVENT_LOG_V1.stats)) {
      const figures = statsResponse(await store.aggregates(statsWindow(userId, now)), now);
      expect(figures).toEqual({ ...(stats as object), position: log.length });
    }
  });

  it("an event that skips a version is nak'd and leaves the figures as they were", async () => {
    await store.clear();
    const { log } = runCommands([
      {
        kind: 'record',
        userId: 'alice',
        cullId: COMMAND_CULL_IDS[0] as string,
        fields: {
          date: '2026-05-01',
          time: '06:00',
          location_name: 'Wood',
          species: 'Fox',
          sex: 'Male',
          age_estimate: 'Adult',
          condition: 'Good',
          shot_placement: 'Limb',
          antlers_present: false,
        },
      },
      {
        kind: 'amend',
        userId: 'alice',
        cullId: COMMAND_CULL_IDS[0] as string,
        changes: { species: 'Muntjac' },
      },
    ]);
    const ahead = recordedBatch([log[1] as StoredEvent]);
    expect(await applyDelivery(store, ahead, silent, 0)).toEqual(['gap']);
    expect(ahead.acknowledged).toBe(0);
    expect(await store.position()).toBe(0);
  });
});
