import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCullStreamEvent, type StoredLogEvent } from '@cull-log/contracts';
import type { Identity } from '@cull-log/service-kit';
import { applyToSqlite } from './sqlite-cull-read-model';
import { ALICE, BOB, createHarness, cullBody, openSqliteBackend } from '../testing/records-harness';

const USERS = [ALICE, BOB] as const;
const NAMES = ['Home Farm', 'home farm ', 'Beech Hanger', 'Wessex'];

/** One step of a user's season, naming grounds, outings and records by their index among all made so far. */
const Step = fc.oneof(
  fc.record({ kind: fc.constant('ground' as const), user: fc.nat(1), name: fc.constantFrom(...NAMES) }),
  fc.record({
    kind: fc.constant('rename' as const),
    user: fc.nat(1),
    ground: fc.nat(5),
    name: fc.constantFrom(...NAMES),
  }),
  fc.record({
    kind: fc.constant('archive' as const),
    user: fc.nat(1),
    ground: fc.nat(5),
    archived: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('start' as const),
    user: fc.nat(1),
    ground: fc.nat(5),
    finished: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('end' as const), user: fc.nat(1), outing: fc.nat(5) }),
  fc.record({ kind: fc.constant('deleteOuting' as const), user: fc.nat(1), outing: fc.nat(5) }),
  fc.record({
    kind: fc.constant('cull' as const),
    user: fc.nat(1),
    ground: fc.option(fc.nat(5), { nil: undefined }),
  }),
  fc.record({
    kind: fc.constant('move' as const),
    user: fc.nat(1),
    cull: fc.nat(7),
    ground: fc.option(fc.nat(5), { nil: null }),
  }),
  fc.record({
    kind: fc.constant('settings' as const),
    user: fc.nat(1),
    start: fc.constantFrom('04-01', '08-01'),
  }),
  fc.record({
    kind: fc.constant('plans' as const),
    user: fc.nat(1),
    ground: fc.option(fc.nat(5), { nil: null }),
    target: fc.nat(20),
  }),
);

/** Every event of the log as the SQLite store keeps its rows. */
function rowsOf(events: readonly StoredLogEvent[]) {
  return events.map((event) => ({
    position: event.position,
    id: event.id,
    stream_id: event.streamId,
    version: event.version,
    type: event.type,
    user_id: event.userId,
    occurred_at: event.occurredAt,
    data: JSON.stringify(event.data),
    meta: JSON.stringify(event.meta),
  }));
}

describe('grounds, outings, settings and plans kept from the log', () => {
  it('answer what folding each user’s log gives, and a rebuild (with every event delivered twice) answers the same', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(Step, { minLength: 1, maxLength: 30 }), async (steps) => {
        const backend = openSqliteBackend();
        const rebuilt = openSqliteBackend();
        const { call, app, clock } = createHarness({ backend });
        try {
          const made = { grounds: [] as string[], outings: [] as string[], culls: [] as string[] };
          const pick = (list: string[], index: number | null | undefined) =>
            index === null || index === undefined ? index : list[index % Math.max(list.length, 1)];
          for (const step of steps) {
            clock.advance(60_000);
            const user: Identity = USERS[step.user]!;
            const id = (response: { statusCode: number; json: () => { id: string } }, into: string[]) => {
              if (response.statusCode === 201) into.push(response.json().id);
            };
            switch (step.kind) {
              case 'ground':
                id(await call(user, 'POST', '/grounds', { name: step.name }), made.grounds);
                break;
              case 'rename':
                await call(user, 'PATCH', `/grounds/${pick(made.grounds, step.ground)}`, { name: step.name });
                break;
              case 'archive':
                await call(user, 'PATCH', `/grounds/${pick(made.grounds, step.ground)}`, {
                  archived: step.archived,
                });
                break;
              case 'start': {
                const times = step.finished
                  ? { started_at: '2026-05-01T05:00:00Z', ended_at: '2026-05-01T08:00:00Z' }
                  : {};
                id(
                  await call(user, 'POST', '/outings', {
                    ground_id: pick(made.grounds, step.ground),
                    ...times,
                  }),
                  made.outings,
                );
                break;
              }
              case 'end':
                await call(user, 'PATCH', `/outings/${pick(made.outings, step.outing)}`, {
                  ended_at: clock.now().toISOString(),
                });
                break;
              case 'deleteOuting':
                await call(user, 'DELETE', `/outings/${pick(made.outings, step.outing)}`);
                break;
              case 'cull':
                id(
                  await call(
                    user,
                    'POST',
                    '/culls',
                    cullBody({ ground_id: pick(made.grounds, step.ground) }),
                  ),
                  made.culls,
                );
                break;
              case 'move':
                await call(user, 'PATCH', `/culls/${pick(made.culls, step.cull)}`, {
                  ground_id: pick(made.grounds, step.ground),
                });
                break;
              case 'settings':
                await call(user, 'PATCH', '/settings', { season_start: step.start });
                break;
              case 'plans': {
                const plan = {
                  ground_id: pick(made.grounds, step.ground) ?? null,
                  targets: [{ species: 'Roe Deer', class: 'Male', target: step.target }],
                };
                await call(user, 'PUT', '/plans/2026-27', { plans: [plan] });
                break;
              }
            }
          }

          const events = await backend.store.readAll(0, 10_000);
          const db = rebuilt.store.database;
          const insert = db.prepare(
            `INSERT INTO events (position, id, stream_id, version, type, user_id, occurred_at, data, meta)
             VALUES (@position, @id, @stream_id, @version, @type, @user_id, @occurred_at, @data, @meta)`,
          );
          for (const row of rowsOf(events)) insert.run(row);
          db.transaction(() => applyToSqlite(db, events))();
          // A redelivery of every event a read model of its own follows changes nothing.
          db.transaction(() =>
            applyToSqlite(
              db,
              events.filter((event) => !isCullStreamEvent(event)),
            ),
          )();
          const again = createHarness({ backend: rebuilt });

          for (const user of USERS) {
            const answers = async (harness: typeof again) => ({
              grounds: (await harness.call(user, 'GET', '/grounds')).json().items,
              outings: (await harness.call(user, 'GET', '/outings')).json(),
              culls: (await harness.call(user, 'GET', '/culls?page_size=100')).json().items,
              settings: (await harness.call(user, 'GET', '/settings')).json(),
              plans: (await harness.call(user, 'GET', '/plans/2026-27')).json(),
            });
            const kept = await answers({ ...again, call });
            // The read model is what folding the user's log gives.
            expect(kept.grounds).toEqual((await call(user, 'GET', '/account/grounds.json')).json());
            const folded = (await call(user, 'GET', '/account/outings.json')).json();
            expect(kept.outings.items).toEqual(folded);
            expect(kept.outings.open).toEqual(
              folded.find((outing: { ended_at: string | null }) => outing.ended_at === null) ?? null,
            );
            // The download's settings also hold the deer values saved on accepting a suggested cull (none here), which
            // GET /settings does not answer.
            const { deer_values: deerValues, ...settings } = (
              await call(user, 'GET', '/account/settings.json')
            ).json();
            expect(settings).toEqual(kept.settings);
            expect(deerValues).toEqual([]);
            const records = (await call(user, 'GET', '/account/records.json')).json();
            const byId = (items: { id: string }[]) => [...items].sort((a, b) => a.id.localeCompare(b.id));
            expect(
              byId(
                kept.culls.map(({ warnings: _w, ...record }: { warnings: unknown; id: string }) => record),
              ),
            ).toEqual(byId(records));
            // And a rebuild from the log answers the same.
            expect(await answers(again)).toEqual(kept);
          }
          await again.app.close();
        } finally {
          await app.close();
          await backend.close();
          await rebuilt.close();
        }
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
