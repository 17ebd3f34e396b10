import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import {
  CARCASS_DESTINATIONS,
  DEFAULT_SEASON_START,
  SEASON_STARTS,
  seasonKeyOf,
  type CullChanges,
  type CullFields,
  type CullInspection,
  type StoredLogEvent,
} from '@cull-log/contracts';
import { exportCsvRow, larderFields, seasonOfDateBy, seasonOfKey, type CullState } from '@cull-log/domain';
import {
  COMMAND_CULL_IDS,
  COMMAND_USERS,
  commandStep,
  managementStep,
  runCommands,
  type ManagementState,
} from '@cull-log/domain/testing';
import { applyDelivery } from '@cull-log/projection';
import { recordedBatch } from '@cull-log/projection/testing';
import { openSqliteExportStore } from './store/sqlite';
import type { ExportStore, LarderRow } from './store/export-store';

const DESTINATIONS = ['Own use', 'Game dealer', 'Condemned'] as const;

/** Few dates, each side of season boundaries, so carcasses often share a day and a season. */
const date = fc.constantFrom(
  '2025-03-31',
  '2025-04-01',
  '2025-11-05',
  '2026-03-31',
  '2026-04-01',
  '2026-10-02',
  '2027-04-01',
);
const time = fc.constantFrom('05:45', '06:00', '18:30');
const inspection: fc.Arbitrary<CullInspection> = fc.record({
  examined_by: fc.constantFrom('Jo', 'Sam'),
  abnormal_behaviour: fc.boolean(),
  abnormalities: fc.constantFrom([], ['abscesses'] as const),
  contamination_suspected: fc.boolean(),
}) as fc.Arbitrary<CullInspection>;

const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
const defined = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));

const fields: fc.Arbitrary<CullFields> = fc
  .record({
    date,
    time,
    carcass_tag: optional(fc.constantFrom('T1', 'T2')),
    carcass_destination: optional(fc.constantFrom(...DESTINATIONS)),
    game_dealer: optional(fc.constant('Hill Game')),
    inspection: optional(inspection),
  })
  .map(
    (carcass) =>
      ({
        location_name: 'Home Wood',
        species: 'Roe Deer',
        sex: 'Female',
        age_estimate: 'Adult',
        condition: 'Good',
        shot_placement: 'Heart/Lung',
        antlers_present: false,
        ...defined(carcass),
      }) as CullFields,
  );

const changes: fc.Arbitrary<CullChanges> = fc.record(
  {
    date,
    time,
    carcass_tag: fc.oneof(fc.constant(null), fc.constantFrom('T1', 'T3')),
    carcass_destination: fc.oneof(fc.constant(null), fc.constantFrom(...DESTINATIONS)),
    inspection: fc.oneof(fc.constant(null), inspection),
  },
  { requiredKeys: [] },
);

// Record steps, and steps that place records on grounds, rename grounds and change the season start.
const step = fc.oneof(commandStep(fields, changes), managementStep(COMMAND_CULL_IDS, ['Roe Deer']));

const silent = pino({ level: 'silent' });
const SEASONS = ['2024/25', '2025/26', '2026/27', '2027/28'];

describe('larder projection', () => {
  let directory: string;
  let store: ExportStore;

  /**
   * The store's larder, by either season start, equals the one worked out from each user's live records at the
   * end, and its CSV lines carry each record's ground by its last name.
   */
  async function expectLarderOf(states: Map<string, CullState>, management: ManagementState) {
    for (const userId of COMMAND_USERS) {
      expect(await store.seasonStart(userId)).toBe(
        management.seasonStarts.get(userId) ?? DEFAULT_SEASON_START,
      );
      const expectedLines = [...states.entries()]
        .flatMap(([id, state]) => {
          if (state.status !== 'active' || state.ownerId !== userId) return [];
          const groundId = management.placements.get(id)?.groundId ?? null;
          const ground = groundId === null ? null : (management.grounds.get(groundId)?.name ?? null);
          // The record's outing by when it starts now, if it is its shooter's own and not deleted.
          const outingId = management.placements.get(id)?.outingId ?? null;
          const outing = outingId === null ? undefined : management.outings.get(outingId);
          const outingStartedAt = outing?.ownerId === userId ? outing.startedAt : null;
          return [JSON.stringify(exportCsvRow(state.fields, ground, { id, outingStartedAt }))];
        })
        .sort();
      const lines: string[] = [];
      for await (const line of store.rows(userId, {}))
        lines.push(JSON.stringify(exportCsvRow(line.fields, line.ground, line)));
      expect(lines.sort()).toEqual(expectedLines);

      const live: LarderRow[] = [...states.entries()]
        .flatMap(([id, state]) =>
          state.status === 'active' && state.ownerId === userId
            ? [{ id, fields: larderFields(state.fields) }]
            : [],
        )
        .sort(
          (a, b) =>
            a.fields.date.localeCompare(b.fields.date) ||
            a.fields.time.localeCompare(b.fields.time) ||
            a.id.localeCompare(b.id),
        );
      for (const start of SEASON_STARTS) {
        const counts = new Map<string, number>();
        for (const row of live) {
          const label = seasonOfDateBy(row.fields.date, start).label;
          counts.set(label, (counts.get(label) ?? 0) + 1);
        }
        expect(await store.larderSeasons(userId, start)).toEqual(
          [...counts]
            .sort(([a], [b]) => b.localeCompare(a))
            .map(([label, carcasses]) => ({ label, carcasses })),
        );
        for (const label of SEASONS) {
          const season = seasonOfKey(seasonKeyOf(label), start);
          const ofSeason = live.filter((row) => seasonOfDateBy(row.fields.date, start).label === label);
          expect(await store.larder(userId, season)).toEqual(ofSeason);
          for (const destination of CARCASS_DESTINATIONS) {
            expect(await store.larder(userId, season, destination)).toEqual(
              ofSeason.filter((row) => row.fields.carcass_destination === destination),
            );
          }
        }
      }
    }
  }

  beforeAll(() => {
    directory = mkdtempSync(join(tmpdir(), 'cull-log-larder-property-'));
    store = openSqliteExportStore({ file: join(directory, 'exports.db') });
  });
  afterAll(async () => {
    await store.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('equals the larder worked out from the final records for random sequences of several users, redeliveries included', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { maxLength: 60, size: 'max' }),
        fc.array(fc.nat(), { maxLength: 10 }),
        async (steps, redeliveries) => {
          await store.clear();
          const { log, states, management } = runCommands(steps);
          for (const [index, event] of log.entries()) {
            expect(await applyDelivery(store, recordedBatch([event]), silent)).toEqual(['applied']);
            for (const pick of redeliveries.filter((_, at) => at % (index + 1) === 0)) {
              const again = recordedBatch([log[pick % (index + 1)] as StoredLogEvent]);
              expect(await applyDelivery(store, again, silent)).toEqual(['duplicate']);
            }
          }
          await expectLarderOf(states, management);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('equals it when the log arrives in batches with earlier events redelivered among them, and after a rebuild', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { maxLength: 80, size: 'max' }),
        fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 20 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        async (steps, sizes, redeliveries) => {
          await store.clear();
          const { log, states, management } = runCommands(steps);
          for (let start = 0, turn = 0; start < log.length; turn += 1) {
            const end = Math.min(log.length, start + (sizes[turn % sizes.length] as number));
            const repeated =
              start === 0 ? [] : redeliveries.map((pick) => log[pick % start] as StoredLogEvent);
            const outcomes = await applyDelivery(
              store,
              recordedBatch([...repeated, ...log.slice(start, end)]),
              silent,
            );
            expect(outcomes).toEqual([
              ...repeated.map(() => 'duplicate'),
              ...log.slice(start, end).map(() => 'applied'),
            ]);
            start = end;
          }
          await expectLarderOf(states, management);
          // A rebuild replays the whole log in one go.
          await store.clear();
          if (log.length > 0) await store.applyBatch(log);
          await expectLarderOf(states, management);
        },
      ),
      { numRuns: 40 },
    );
  });
});
