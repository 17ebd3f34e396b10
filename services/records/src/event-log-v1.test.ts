import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EVENT_LOG_V1, eventLogWithManagementEvents } from '@cull-log/contracts/testing';
import { ALICE, createHarness, openSqliteBackend } from './testing/records-harness';
import { applyToSqlite } from './read-model/sqlite-cull-read-model';

/**
 * A records database as the app left it before the carcass fields: the log's rows written as that code wrote them,
 * and the read model built again from the log, as any replay builds it.
 */
describe('a log of v1 events written before the carcass fields', () => {
  let backend: ReturnType<typeof openSqliteBackend>;

  beforeEach(async () => {
    backend = openSqliteBackend();
    const db = backend.store.database;
    const insert = db.prepare(
      `INSERT INTO events (position, id, stream_id, version, type, user_id, occurred_at, data, meta)
       VALUES (@position, @id, @stream_id, @version, @type, @user_id, @occurred_at, @data, @meta)`,
    );
    for (const row of EVENT_LOG_V1.events) insert.run(row);
    const events = await backend.store.readAll(0, 1000);
    db.transaction(() => applyToSqlite(db, events))();
  });

  afterEach(async () => {
    await backend.close();
  });

  it('replays to the very records the code of the time answered, warnings included', async () => {
    const { call } = createHarness({ backend });
    for (const [id, record] of Object.entries(EVENT_LOG_V1.records)) {
      const user = { uid: record.created_by, display_name: null, email: null };
      const response = await call(user, 'GET', `/culls/${id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(record);
    }
  });

  it('amends an old record with the carcass fields, as a v2 event after its v1 ones', async () => {
    const { call } = createHarness({ backend });
    const [id, record] = Object.entries(EVENT_LOG_V1.records).find(
      ([, candidate]) => candidate.created_by === ALICE.uid,
    )!;
    const response = await call(ALICE, 'PATCH', `/culls/${id}`, {
      carcass_tag: 'AF-0001',
      calibre: { name: '.243 Win' },
      expected_version: record.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { updated_at: _updated, ...unchanged } = record;
    expect(response.json()).toMatchObject({
      ...unchanged,
      carcass_tag: 'AF-0001',
      calibre: { name: '.243 Win' },
      version: (record.version as number) + 1,
    });
    const stream = await backend.store.readStream(id);
    expect(stream.at(-1)?.type).toBe('cull.amended.v2');
    const written = backend.store.database
      .prepare<[string], { type: string }>('SELECT type FROM events WHERE stream_id = ? ORDER BY version')
      .all(id)
      .map(({ type }) => type);
    expect(written[0]).toBe('cull.recorded.v1');
    expect(written.at(-1)).toBe('cull.amended.v2');
  });
});

/**
 * The same log followed by grounds, outings, settings, plans and a placement of one record per user: the records
 * come back as before, the placed ones in their ground and outing at their next version.
 */
describe('a v1 log followed by the events of grounds, outings, settings and plans', () => {
  let backend: ReturnType<typeof openSqliteBackend>;
  const { rows, placements } = eventLogWithManagementEvents();

  beforeEach(async () => {
    backend = openSqliteBackend();
    const db = backend.store.database;
    const insert = db.prepare(
      `INSERT INTO events (position, id, stream_id, version, type, user_id, occurred_at, data, meta)
       VALUES (@position, @id, @stream_id, @version, @type, @user_id, @occurred_at, @data, @meta)`,
    );
    for (const row of rows) insert.run(row);
    const events = await backend.store.readAll(0, 1000);
    expect(events).toHaveLength(rows.length);
    db.transaction(() => applyToSqlite(db, events))();
  });

  afterEach(async () => {
    await backend.close();
  });

  it('replays to the same records, the placed ones in their ground and outing', async () => {
    const { call } = createHarness({ backend });
    expect(placements.size).toBe(2);
    for (const [id, record] of Object.entries(EVENT_LOG_V1.records)) {
      const user = { uid: record.created_by, display_name: null, email: null };
      const response = await call(user, 'GET', `/culls/${id}`);
      expect(response.statusCode).toBe(200);
      const placement = placements.get(record.created_by);
      expect(response.json()).toEqual(
        placement?.cullId === id
          ? {
              ...record,
              ground_id: placement.groundId,
              ground_name: placement.groundName,
              outing_id: placement.outingId,
              version: placement.version,
              updated_at: placement.placedAt,
            }
          : record,
      );
    }
  });

  it("replays each user's ground, outings, season start and plans as they were left", async () => {
    const { call } = createHarness({ backend });
    for (const [userId, placement] of placements) {
      const user = { uid: userId, display_name: null, email: null };
      const grounds = (await call(user, 'GET', '/grounds')).json();
      expect(grounds.items).toEqual([
        expect.objectContaining({
          id: placement.groundId,
          name: placement.groundName,
          notes: null,
          archived: false,
          centre: { latitude: 51.45, longitude: -1.25 },
          version: 6,
        }),
      ]);
      const outings = (await call(user, 'GET', '/outings')).json();
      expect(outings).toEqual({
        items: [
          expect.objectContaining({
            id: placement.outingId,
            ground_id: placement.groundId,
            notes: 'Wind from the west',
            ended_at: '2026-06-01T08:30:00.000+01:00',
            cull_count: 1,
          }),
        ],
        open: null,
      });
      expect((await call(user, 'GET', '/settings')).json()).toEqual({ season_start: '08-01' });
      expect((await call(user, 'GET', '/plans/2026-27')).json()).toMatchObject({
        season: '2026/27',
        from: '2026-08-01',
        to: '2027-07-31',
        plans: [
          { ground_id: placement.groundId, targets: [{ species: 'Roe Deer', class: 'Female', target: 4 }] },
        ],
      });
    }
  });
});
