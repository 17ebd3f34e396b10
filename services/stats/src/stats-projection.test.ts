import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import {
  DEFAULT_SEASON_START,
  isCullEvent,
  parseStoredEvent,
  type CullChanges,
  type CullFields,
  type SeasonKey,
  type StoredEvent,
} from '@cull-log/contracts';
import { EVENT_LOG_V1, eventLogV1Events } from '@cull-log/contracts/testing';
import {
  computeOutingFigures,
  computePlanProgress,
  computeStats,
  cullDecider,
  foldStream,
  inSeason,
  seasonMonths,
  seasonSummary,
  seasonOfKey,
  type CullState,
  type DashboardStats,
} from '@cull-log/domain';
import {
  COMMAND_CULL_IDS,
  COMMAND_SEASONS,
  COMMAND_USERS,
  commandStep,
  managementStep,
  runCommands,
  type ManagementState,
} from '@cull-log/domain/testing';
import { openSqliteEventStore } from '@cull-log/eventstore';
import { applyDelivery, rebuildProjection } from '@cull-log/projection';
import { recordedBatch } from '@cull-log/projection/testing';
import { chosenSeason, planProgressResponse, statsResponse, statsWindow } from './stats-figures';
import { withoutOutings } from './testing/expected-figures';
import { openSqliteStatsStore } from './store/sqlite';
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
    age_estimate: fc.constantFrom('Young', 'Adult'),
    condition: fc.constant('Good'),
    shot_placement: fc.constant('Heart/Lung'),
    antlers_present: fc.boolean(),
    weight,
    carcass_tag: fc.option(fc.constantFrom('T1', 'T2'), { nil: undefined }),
    carcass_destination: fc.option(fc.constantFrom('Own use', 'Given away'), { nil: undefined }),
  })
  .map(({ weight: kilograms, carcass_tag: tag, carcass_destination: destination, ...rest }) => ({
    ...rest,
    ...(kilograms === undefined ? {} : { weight: kilograms }),
    ...(tag === undefined ? {} : { carcass_tag: tag }),
    ...(destination === undefined ? {} : { carcass_destination: destination }),
  }));

const changes: fc.Arbitrary<CullChanges> = fc.record(
  {
    species: fc.constantFrom(...SPECIES),
    sex: fc.constantFrom('Male', 'Female', 'Unknown'),
    date,
    weight: fc.oneof(fc.constant(null), fc.double({ min: 0, max: 1000, noNaN: true })),
    age_estimate: fc.constantFrom('Young', 'Adult'),
  },
  { requiredKeys: [] },
);

// Record steps and management steps (grounds, placements, outings, season starts, plans) about as often.
const step = fc.oneof(
  commandStep(fields, changes),
  managementStep(COMMAND_CULL_IDS, ['Roe Deer', 'Red Deer', 'Muntjac', 'Fox']),
);

const silent = pino({ level: 'silent' });

describe('stats projection', () => {
  let directory: string;
  let store: StatsStore;

  /**
   * The store's figures and plan progress for every user equal the domain's computations over the users' final
   * records, outings, season start and plans.
   */
  async function expectFiguresOf(
    states: Map<string, CullState>,
    management: ManagementState,
    position: number,
    now: Date,
  ) {
    // The current season and each of the seasons the histories' dates fall in, by each user's start.
    const asked: (SeasonKey | undefined)[] = [undefined, ...COMMAND_SEASONS];
    for (const [userId, key] of COMMAND_USERS.flatMap((userId) =>
      asked.map((key) => [userId, key] as const),
    )) {
      const live = [...states].flatMap(([cullId, state]) =>
        state.status === 'active' && state.ownerId === userId ? [{ cullId, fields: state.fields }] : [],
      );
      const placement = (cullId: string) =>
        management.placements.get(cullId) ?? { groundId: null, outingId: null };
      const start = management.seasonStarts.get(userId) ?? DEFAULT_SEASON_START;
      const season = chosenSeason(now, start, key);
      const outings = [...management.outings]
        .filter(([, outing]) => outing.ownerId === userId)
        .map(([outingId, outing]) => ({
          started_at: outing.startedAt,
          ended_at: outing.endedAt,
          cull_count: live.filter(({ cullId }) => placement(cullId).outingId === outingId).length,
        }));
      const expected = computeStats(
        live.map(({ fields: record }) => record),
        now,
        { start, season: season.key },
      );
      const figures = statsResponse(
        await store.aggregates(statsWindow(userId, now, season)),
        now,
        start,
        season,
      );
      expect(figures).toEqual({
        ...expected,
        season: {
          ...expected.season,
          outings: computeOutingFigures(outings, season),
          ...seasonSummary(
            live.map(({ fields: record }) => record),
            season,
          ),
        },
        season_start: start,
        position,
      });

      const progress = planProgressResponse(
        season,
        await store.season(userId, { key: season.key, months: seasonMonths(season) }),
      );
      const plans = management.plans.get(userId)?.get(season.key) ?? [];
      const records = live.map(({ cullId, fields: record }) => ({
        ...record,
        ground_id: placement(cullId).groundId,
      }));
      const groundCulls = new Map<string, number>();
      for (const record of records)
        if (record.ground_id !== null && inSeason(record.date, season))
          groundCulls.set(record.ground_id, (groundCulls.get(record.ground_id) ?? 0) + 1);
      expect(progress).toEqual({
        season: season.label,
        from: season.from,
        to: season.to,
        rows: computePlanProgress(records, plans, seasonOfKey(season.key, start)),
        ground_culls: [...groundCulls]
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([ground_id, culls]) => ({ ground_id, culls })),
        position,
      });
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

  it('equals the domain over the final records, outings, season starts and plans for random histories, redeliveries included', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 10, maxLength: 80, size: 'max' }),
        fc.array(fc.nat(), { maxLength: 10 }),
        fc.date({
          min: new Date('2024-06-01T00:00:00Z'),
          max: new Date('2027-06-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        async (steps, redeliveries, now) => {
          await store.clear();
          const { log, states, management } = runCommands(steps);
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
          await expectFiguresOf(states, management, log.length, now);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('equals the domain when the log arrives in batches, each with earlier events redelivered among its own', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 10, maxLength: 100, size: 'max' }),
        fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 20 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        fc.date({
          min: new Date('2024-06-01T00:00:00Z'),
          max: new Date('2027-06-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        async (steps, sizes, redeliveries, now) => {
          await store.clear();
          const { log, states, management } = runCommands(steps);
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
          await expectFiguresOf(states, management, log.length, now);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('rebuilt from a real event log in pages of any size, equals the domain over the final state', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 10, maxLength: 80, size: 'max' }),
        fc.integer({ min: 1, max: 20 }),
        fc.date({
          min: new Date('2024-06-01T00:00:00Z'),
          max: new Date('2027-06-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        async (steps, batchSize, now) => {
          const { log, states, management } = runCommands(steps);
          run += 1;
          const eventLog = openSqliteEventStore({ file: join(directory, `log-${run}.db`) });
          try {
            for (const { position: _position, ...event } of log) {
              await eventLog.append(event.streamId, event.version - 1, [event]);
            }
            expect(await rebuildProjection({ store, eventLog, batchSize })).toEqual({
              events: log.length,
              position: log.length,
            });
          } finally {
            await eventLog.close();
          }
          await expectFiguresOf(states, management, log.length, now);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('gives the figures of the time for a log written before the carcass fields, read as the bus reads it', async () => {
    await store.clear();
    const log = eventLogV1Events().map(({ position, ...event }) => parseStoredEvent(event, position));
    const batch = recordedBatch(log);
    expect(await applyDelivery(store, batch, silent)).toEqual(log.map(() => 'applied'));
    const now = new Date(EVENT_LOG_V1.statsAt);
    const streams = new Map<string, StoredEvent[]>();
    for (const event of log.filter((each): each is StoredEvent => isCullEvent(each)))
      streams.set(event.streamId, [...(streams.get(event.streamId) ?? []), event]);
    const recordsOf = (userId: string) =>
      [...streams.values()].flatMap((events) => {
        const state = foldStream(cullDecider, events);
        return state.status === 'active' && state.ownerId === userId ? [state.fields] : [];
      });
    for (const [userId, stats] of Object.entries(EVENT_LOG_V1.stats)) {
      const figures = statsResponse(
        await store.aggregates(statsWindow(userId, now)),
        now,
        DEFAULT_SEASON_START,
      );
      expect(figures).toEqual(withoutOutings(stats as DashboardStats, log.length, recordsOf(userId)));
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
