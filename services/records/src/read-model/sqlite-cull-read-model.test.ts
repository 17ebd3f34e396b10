import { migrateSqlite } from '@cull-log/storage-kit';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EVENT_TYPES,
  SORT_COLUMNS,
  type CullFields,
  type Ground,
  type ListCullsResponse,
  type StoredEvent,
} from '@cull-log/contracts';
import { randomUUID } from 'node:crypto';
import { createCullCommandHandler } from '../culls/cull-commands';
import { trigramsOf } from '../culls/read-model/search-trigrams';
import { describeReadModel } from '../testing/read-model-suite';
import {
  ALICE,
  BOB,
  CLOCK_START,
  createHarness,
  cullBody,
  openSqliteBackend,
} from '../testing/records-harness';
import {
  AT_SQL,
  LOCATED_SQL,
  MAP_POINTS_SQL,
  SAME_TAG_SQL,
  USER_GROUNDS_SQL,
  listSql,
  openSqliteCullQueries,
  scopedListSql,
  searchPlan,
} from '../culls/read-model/sqlite/queries';
import { INDEX_SEARCH_SQL, NEXT_SEARCH_ROWID_SQL } from '../culls/read-model/sqlite/rows';
import { SQLITE_CULL_MIGRATIONS } from '../culls/read-model/sqlite/schema';
import { SQLITE_GROUND_MIGRATIONS } from '../grounds/sqlite-grounds-read-model';
import { applyToSqlite, openSqliteReadModel } from './sqlite-cull-read-model';

const CULL_ID = '3c0e1b0e-7f55-4d3c-9a8e-2b9f3d6c1a20';

function recorded(version: number, overrides: Partial<StoredEvent> = {}, fields = cullBody()): StoredEvent {
  return {
    id: `event-${version}`,
    type: EVENT_TYPES.recorded,
    streamId: CULL_ID,
    version,
    userId: 'user-alice',
    occurredAt: '2025-03-01T09:00:00.000Z',
    meta: { correlationId: 'test' },
    data: fields as CullFields,
    position: version,
    ...overrides,
  } as StoredEvent;
}

describeReadModel('SQLite', async () => openSqliteBackend());

/** Each user's count of records holding each trigram, worked out again from the records' search text. */
function recountedTrigrams(db: Database.Database): string[] {
  const counts = new Map<string, number>();
  const rows = db
    .prepare<[], { search_rowid: bigint; search_text: string }>('SELECT search_rowid, search_text FROM culls')
    .safeIntegers()
    .all();
  for (const row of rows) {
    for (const trigram of trigramsOf(row.search_text)) {
      const key = `${row.search_rowid >> 32n} ${JSON.stringify(trigram)}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return [...counts].map(([key, records]) => `${key} ${records}`).sort();
}

/** The trigram counts the read model keeps, in recountedTrigrams's form. */
function keptTrigrams(db: Database.Database): string[] {
  return db
    .prepare<[], { user_number: number; trigram: string; records: number }>(
      'SELECT user_number, trigram, records FROM cull_search_trigram_counts',
    )
    .all()
    .map((row) => `${row.user_number} ${JSON.stringify(row.trigram)} ${row.records}`)
    .sort();
}

describe('a search plan from the trigram counts', () => {
  const counts = new Map([
    ['woo', 5_000],
    ['ood', 9_000],
    ['od ', 5_000],
    ['d 4', 300],
    [' 42', 120],
    ['142', 40],
  ]);

  it('starts from the two rarest trigrams when the rarer brings few candidates', () => {
    expect(searchPlan('wood 42', counts)).toEqual({ kind: 'rarest', match: '" 42" AND "d 4"' });
  });

  it('finds by the whole term when even its rarest trigram is common', () => {
    expect(searchPlan('wood', counts)).toEqual({ kind: 'trigrams', match: '"wood"' });
    expect(searchPlan('wood 42', counts, { rarestCandidatesMax: 100 })).toEqual({
      kind: 'trigrams',
      match: '"wood 42"',
    });
  });

  it('finds by the whole term when its trigrams are all about as rare', () => {
    const name = new Map(['pri', 'rit', 'itc', 'tch', 'cha', 'har', 'ard'].map((trigram) => [trigram, 100]));
    expect(searchPlan('pritchard', name)).toEqual({ kind: 'trigrams', match: '"pritchard"' });
    expect(searchPlan('pritchard', name, { rarestGainMin: 0 })).toMatchObject({ kind: 'rarest' });
  });

  it('knows the total of a term of one trigram, and that a trigram no record holds finds nothing', () => {
    expect(searchPlan('142', counts)).toEqual({ kind: 'trigrams', match: '"142"', total: 40 });
    expect(searchPlan('wood 43', counts)).toEqual({ kind: 'none', match: '" 43"' });
  });
});

describe('SQLite culls read model', () => {
  let backend: ReturnType<typeof openSqliteBackend>;

  beforeEach(() => {
    backend = openSqliteBackend();
  });

  afterEach(async () => {
    await backend.close();
  });

  function plan(sql: string, parameters: unknown[]): string {
    const steps = backend.store.database.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...parameters);
    return (steps as { detail: string }[]).map((step) => step.detail).join('\n');
  }

  it.each(SORT_COLUMNS.flatMap((sort) => (['asc', 'desc'] as const).map((order) => ({ sort, order }))))(
    "a page sorted by $sort $order walks the user's slice of one index, with no sorting step",
    ({ sort, order }) => {
      const details = plan(listSql({ sort, order }, 'all').page, ['user-alice', 10, 0]);
      expect(details).toContain(`USING INDEX culls_by_user_${sort} (user_id=?)`);
      expect(details).not.toContain('TEMP B-TREE');
    },
  );

  it("a search too short for trigrams reads only the caller's slice of the narrow search index", () => {
    const sql = listSql({ sort: 'date', order: 'desc' }, 'contains');
    expect(plan(sql.count, ['user-alice', 'ro'])).toContain('USING COVERING INDEX culls_search (user_id=?)');
    expect(plan(sql.page, ['user-alice', 'ro', 10, 0])).toContain(
      'USING INDEX culls_by_user_date (user_id=?)',
    );
  });

  it("a search reads the trigram index within the caller's rowid range, then each hit's record", () => {
    const sql = listSql({ sort: 'date', order: 'desc' }, 'trigrams');
    const parameters = ['"roe"', 1n << 32n, (2n << 32n) - 1n];
    // M: the MATCH, > and <: both ends of the rowid range handed to FTS5.
    expect(plan(sql.count, parameters)).toMatch(/SCAN culls_search_trigrams VIRTUAL TABLE INDEX \d+:M\d*></);
    const page = plan(sql.page, [...parameters, 10, 0]);
    expect(page).toMatch(/^SCAN culls_search_trigrams VIRTUAL TABLE INDEX \d+:M\d*></);
    expect(page).toContain('SEARCH culls USING INDEX culls_by_search_rowid (search_rowid=?)');
  });

  it("a search from its rarest trigrams reads them within the caller's range, then each candidate's record", () => {
    const sql = listSql({ sort: 'date', order: 'desc' }, 'rarest');
    const parameters = ['" 42" AND "d 4"', 1n << 32n, (2n << 32n) - 1n, 'wood 42'];
    expect(plan(sql.count, parameters)).toMatch(/^SCAN culls_search_trigrams VIRTUAL TABLE INDEX \d+:M\d*></);
    const page = plan(sql.page, [...parameters, 10, 0]);
    expect(page).toMatch(/^SCAN culls_search_trigrams VIRTUAL TABLE INDEX \d+:M\d*></);
    expect(page).toContain('SEARCH culls USING INDEX culls_by_search_rowid (search_rowid=?)');
  });

  it("keeps each user's trigram counts equal to a recount through creates, amendments, deletions and erasures", async () => {
    const db = backend.store.database;
    const handle = createCullCommandHandler({ store: backend.store, readModel: backend.readModel });
    const meta = (userId: string) => ({
      userId,
      eventId: randomUUID(),
      occurredAt: CLOCK_START,
      correlationId: 'trigram-counts',
    });
    const create = async (userId: string, location: string) => {
      const cullId = randomUUID();
      await handle({
        type: 'RecordCull',
        cullId,
        fields: cullBody({ location_name: location }) as CullFields,
        meta: meta(userId),
      });
      return cullId;
    };
    const alices: string[] = [];
    for (const location of [
      'Home Wood 42',
      'Home Wood 7',
      'Wood End',
      'Beech Hanger',
      'Quarry 42',
      'Wood 42',
    ]) {
      alices.push(await create(ALICE.uid, location));
    }
    const bobs = [await create(BOB.uid, 'Home Wood 42'), await create(BOB.uid, 'Lower Meadow')];
    expect(keptTrigrams(db)).toEqual(recountedTrigrams(db));

    await handle({
      type: 'AmendCull',
      cullId: alices[0]!,
      changes: { location_name: 'Home Wood 43' },
      meta: meta(ALICE.uid),
    });
    // An amendment that leaves the search text as it was.
    await handle({
      type: 'AmendCull',
      cullId: alices[1]!,
      changes: { notes: 'Windy' },
      meta: meta(ALICE.uid),
    });
    await handle({ type: 'DeleteCull', cullId: alices[2]!, meta: meta(ALICE.uid) });
    expect(keptTrigrams(db)).toEqual(recountedTrigrams(db));
    // Gone from the counts as from the records: "quarry" is in no record of Alice's now.
    expect(keptTrigrams(db).some((row) => row.includes('"qua"'))).toBe(true);

    db.transaction(() => backend.readModel.eraseRecords(db, ALICE.uid, [alices[4]!, bobs[0]!]))();
    expect(keptTrigrams(db)).toEqual(recountedTrigrams(db));
    expect(keptTrigrams(db).some((row) => row.includes('"qua"'))).toBe(false);
    const found = await backend.readModel.list(BOB.uid, {
      q: 'wood 42',
      page: 1,
      page_size: 10,
      sort: 'date',
      order: 'desc',
    });
    expect(found.items.map((item) => item.id)).toEqual([bobs[0]]);

    // A batch of the erasure's at a time, as the event store runs it, until nothing of Alice's is left.
    while ((db.transaction(() => backend.readModel.eraseUser(db, ALICE.uid, 50))() as number) >= 50);
    expect(keptTrigrams(db)).toEqual(recountedTrigrams(db));
    expect(keptTrigrams(db).length).toBeGreaterThan(0);
  });

  it('answers a search the same from its rarest trigrams as from the whole term, page by page', async () => {
    const db = backend.store.database;
    const words = ['Home Wood', 'Wood End', 'Woodside', 'Beech Hanger', 'Pritchard Copse'];
    applyToSqlite(
      db,
      Array.from({ length: 60 }, (_, index) =>
        recorded(
          1,
          { id: `event-${index}`, streamId: randomUUID(), position: index + 1 },
          cullBody({
            location_name: `${words[index % words.length]} ${index % 13}`,
            date: `2025-01-0${1 + (index % 9)}`,
          }),
        ),
      ),
    );
    // Every search with more than one trigram found from its rarest, and every one by the whole term.
    const fromRarest = openSqliteCullQueries(db, {
      rarestCandidatesMax: Number.MAX_SAFE_INTEGER,
      rarestGainMin: 0,
    });
    const wholeTerm = openSqliteCullQueries(db, { rarestCandidatesMax: 0 });
    for (const q of ['wood', 'wood 1', 'od 1', 'hanger 4', 'pritchard', 'copse 12', 'wood 99', 'e 1']) {
      for (const page of [1, 2, 3, 4]) {
        const query = { q, page, page_size: 5, sort: 'date', order: 'desc' } as const;
        const rarest = await fromRarest.list('user-alice', query);
        expect(rarest, JSON.stringify(query)).toEqual(await wholeTerm.list('user-alice', query));
        expect(rarest.total, q).toBe(
          db
            .prepare("SELECT COUNT(*) FROM culls WHERE user_id = 'user-alice' AND instr(search_text, ?) > 0")
            .pluck()
            .get(q),
        );
      }
    }
  });

  it('an unfiltered total is one lookup, whatever the number of records', () => {
    const sql = listSql({ sort: 'date', order: 'desc' }, 'all');
    expect(plan(sql.count, ['user-alice'])).toContain('USING PRIMARY KEY (user_id=?)');
  });

  it("the map walks the caller's slice of the located-only index, already in order", () => {
    const details = plan(LOCATED_SQL, ['user-alice', 10]);
    expect(details).toContain('USING INDEX culls_located_by_user (user_id=?)');
    expect(details).not.toContain('TEMP B-TREE');
  });

  it("the map's points read only the caller's slice of the located-only index", () => {
    const details = plan(MAP_POINTS_SQL, ['user-alice', 10]);
    expect(details).toContain('USING COVERING INDEX culls_located_by_user (user_id=?)');
    expect(details).not.toContain('TEMP B-TREE');
  });

  it("a marker's records are one seek in the caller's slice of the point index", () => {
    const details = plan(AT_SQL, ['user-alice', 51.07, 0.04, 10]);
    expect(details).toContain('USING INDEX culls_at_point (user_id=? AND latitude=? AND longitude=?)');
    expect(details).not.toContain('TEMP B-TREE');
  });

  it("the records with a page's carcass tags are seeks in the caller's slice of the tag index", () => {
    const details = plan(SAME_TAG_SQL, ['user-alice', JSON.stringify(['af-1', 'af-2'])]);
    expect(details).toContain('USING INDEX culls_by_user_tag (user_id=? AND carcass_tag_key=?)');
    expect(details).not.toMatch(/SCAN culls\b/);
  });

  it("reads back the caller's located records with the popup's fields, newest created first", async () => {
    const ids = ['a', 'b', 'c', 'd'].map((letter) => `3c0e1b0e-7f55-4d3c-9a8e-2b9f3d6c1a2${letter}`);
    const { latitude: _latitude, longitude: _longitude, ...unlocated } = cullBody();
    applyToSqlite(backend.store.database, [
      recorded(1, { streamId: ids[0], occurredAt: '2025-03-01T09:00:00.000Z', position: 1 }),
      recorded(1, { streamId: ids[1], occurredAt: '2025-03-02T09:00:00.000Z', position: 2 }, unlocated),
      recorded(1, { streamId: ids[2], occurredAt: '2025-03-03T09:00:00.000Z', position: 3 }),
      recorded(1, { streamId: ids[3], userId: 'user-bob', position: 4 }),
    ]);
    const { grid_ref: _grid, ...shown } = cullBody();
    expect(await backend.readModel.listLocated('user-alice')).toEqual([
      { ...shown, id: ids[2] },
      { ...shown, id: ids[0] },
    ]);
    expect(await backend.readModel.listLocated('user-carol')).toEqual([]);
  });

  it('indexes the records of a database from before the search index when it opens', async () => {
    const ids = ['a', 'b', 'c'].map((letter) => `3c0e1b0e-7f55-4d3c-9a8e-2b9f3d6c1a2${letter}`);
    applyToSqlite(backend.store.database, [
      recorded(1, { streamId: ids[0], position: 1 }, cullBody({ location_name: 'Home Wood 42' })),
      recorded(1, { streamId: ids[1], position: 2 }, cullBody({ location_name: 'Lower Meadow' })),
      recorded(
        1,
        { streamId: ids[2], userId: 'user-bob', position: 3 },
        cullBody({ location_name: 'Home Wood 42' }),
      ),
    ]);
    // As such a file was: no trigram index, no search rowids, the narrower map index, and no schema versions
    // (numbering came later).
    backend.store.database.exec(`
      DROP TABLE schema_migrations;
      DROP TABLE culls_search_trigrams;
      DROP TABLE cull_search_users;
      DROP INDEX culls_by_search_rowid;
      ALTER TABLE culls DROP COLUMN search_rowid;
      DROP INDEX culls_located_by_user;
      CREATE INDEX culls_located_by_user ON culls (user_id, created_at DESC, id DESC)
        WHERE latitude IS NOT NULL AND longitude IS NOT NULL;
    `);

    const reopened = openSqliteReadModel({ database: backend.store.database });
    const query = { q: 'WOOD 42', page: 1, page_size: 10, sort: 'created_at', order: 'desc' } as const;
    const found = await reopened.list('user-alice', query);
    expect(found.items.map((item) => item.id)).toEqual([ids[0]]);
    expect(found.total).toBe(1);
    expect(plan(MAP_POINTS_SQL, ['user-alice', 10])).toContain('COVERING INDEX culls_located_by_user');
    expect((await reopened.mapPoints('user-alice')).points).toHaveLength(2);
  });

  it("runs the records' step 1 once, however often the read model opens on a file", () => {
    const stepOne = vi.spyOn(SQLITE_CULL_MIGRATIONS[0]!, 'up');
    const db = new Database(join(backend.dir, 'opened-twice.db'));
    try {
      openSqliteReadModel({ database: db });
      openSqliteReadModel({ database: db });
      expect(stepOne).toHaveBeenCalledTimes(1);
      const version = db
        .prepare("SELECT version FROM schema_migrations WHERE store = 'records-culls'")
        .pluck();
      expect(version.get()).toBe(SQLITE_CULL_MIGRATIONS.length);
    } finally {
      stepOne.mockRestore();
      db.close();
    }
  });

  it("gives a file at step 1 the index of a ground's records, whoever made them (step 2)", () => {
    const db = new Database(join(backend.dir, 'at-step-one.db'));
    try {
      migrateSqlite(db, 'records-culls', SQLITE_CULL_MIGRATIONS.slice(0, 1));
      const indexes = () =>
        db
          .prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'culls'")
          .pluck()
          .all();
      expect(indexes()).not.toContain('culls_by_ground');
      openSqliteReadModel({ database: db });
      expect(indexes()).toContain('culls_by_ground');
    } finally {
      db.close();
    }
  });

  it.each(SORT_COLUMNS.flatMap((sort) => (['asc', 'desc'] as const).map((order) => ({ sort, order }))))(
    "a team's page sorted by $sort $order walks the team's slice of one index, with no sorting step",
    ({ sort, order }) => {
      const everyone = { teamOwnerId: 'team-1' };
      const details = plan(scopedListSql({ sort, order }, 'all', everyone).page, ['team-1', 10, 0]);
      expect(details).toContain(`USING INDEX culls_by_team_${sort} (team_owner=?)`);
      expect(details).not.toContain('TEMP B-TREE');
      // One person's (a guest's, or one member's): their own slice of their sort index, counted from a narrow one.
      const guest = { teamOwnerId: 'team-1', userIds: ['user-bob'] };
      const theirs = scopedListSql({ sort, order }, 'all', guest);
      expect(plan(theirs.page, ['user-bob', 'team-1', 10, 0])).toContain(
        `INDEX culls_by_user_${sort} (user_id=?)`,
      );
      expect(plan(theirs.page, ['user-bob', 'team-1', 10, 0])).not.toContain('TEMP B-TREE');
      expect(plan(theirs.count, ['user-bob', 'team-1'])).toContain(
        'COVERING INDEX culls_by_user_team (user_id=? AND team_owner=?)',
      );
      const some = { teamOwnerId: 'team-1', userIds: ['user-bob', 'user-carol'] };
      const theirsToo = plan(scopedListSql({ sort, order }, 'all', some).page, ['team-1', '[]', 10, 0]);
      expect(theirsToo).toContain(`INDEX culls_by_team_${sort} (team_owner=?)`);
      expect(theirsToo).not.toContain('TEMP B-TREE');
    },
  );

  it("places a file's records on a team's grounds in the team at step 3, with the team's total", async () => {
    const db = new Database(join(backend.dir, 'at-step-two.db'));
    try {
      migrateSqlite(db, 'records-culls', SQLITE_CULL_MIGRATIONS.slice(0, 2));
      migrateSqlite(db, 'records-grounds', SQLITE_GROUND_MIGRATIONS);
      const ground = db.prepare(
        `INSERT INTO grounds (id, user_id, name, name_key, archived, version, created_at, updated_at)
         VALUES (?, ?, ?, ?, 0, 1, '2025-03-01T09:00:00.000Z', '2025-03-01T09:00:00.000Z')`,
      );
      ground.run('ground-team', 'team-1', 'North Beat', 'north beat');
      ground.run('ground-own', 'user-alice', 'Home Wood', 'home wood');
      const insert = db.prepare(
        `INSERT INTO culls (id, user_id, version, created_at, updated_at, "date", "time", location_name, species, sex,
           age_estimate, "condition", antlers_present, shot_placement, search_text, ground_id)
         VALUES (?, ?, 1, '2025-03-01T09:00:00.000Z', '2025-03-01T09:00:00.000Z', '2025-03-01', '09:00', 'Wood',
           'Roe Deer', 'Male', 'Adult', 'Good', 0, 'Heart/Lung', 'wood', ?)`,
      );
      insert.run('cull-1', 'user-alice', 'ground-team');
      insert.run('cull-2', 'user-bob', 'ground-team');
      insert.run('cull-3', 'user-alice', 'ground-own');
      insert.run('cull-4', 'user-alice', null);
      const reopened = openSqliteReadModel({ database: db });
      const teams = db.prepare<[], { id: string; team_owner: string | null }>(
        'SELECT id, team_owner FROM culls ORDER BY id',
      );
      expect(teams.all()).toEqual([
        { id: 'cull-1', team_owner: 'team-1' },
        { id: 'cull-2', team_owner: 'team-1' },
        { id: 'cull-3', team_owner: null },
        { id: 'cull-4', team_owner: null },
      ]);
      const page = await reopened.listScoped(
        { teamOwnerId: 'team-1' },
        { q: '', page: 1, page_size: 10, sort: 'created_at', order: 'desc' },
      );
      expect([page.total, page.items.map((item) => item.id).sort()]).toEqual([2, ['cull-1', 'cull-2']]);
    } finally {
      db.close();
    }
  });

  it("the grounds a search may name are one seek per ground in the caller's slice of the ground index", () => {
    const details = plan(USER_GROUNDS_SQL, [{ user: 'user-alice' }]);
    // The first ground and each next one: a seek apiece, never a walk of the records.
    const seeks = details.match(
      /SEARCH culls USING COVERING INDEX culls_by_user_ground \(user_id=\? AND ground_id>\?\)/g,
    );
    expect(seeks).toHaveLength(2);
    expect(details).not.toMatch(/SCAN culls\b/);
  });

  it('renames a ground by writing its row alone, however many records are on it', async () => {
    const { call, app } = createHarness({ backend });
    try {
      const home = (await call(ALICE, 'POST', '/grounds', { name: 'Home Farm' })).json<Ground>();
      const changes = backend.store.database.prepare<[], number>('SELECT total_changes()').pluck();
      const renamed = async (name: string) => {
        const before = changes.get()!;
        const response = await call(ALICE, 'PATCH', `/grounds/${home.id}`, { name });
        expect(response.statusCode, response.body).toBe(200);
        return changes.get()! - before;
      };
      await call(ALICE, 'POST', '/culls', cullBody({ ground_id: home.id }));
      const withOne = await renamed('Beech Hanger');
      for (let index = 0; index < 40; index += 1)
        await call(ALICE, 'POST', '/culls', cullBody({ ground_id: home.id }));
      const withMany = await renamed('Wessex Estate');
      expect(withMany).toBe(withOne);
      const found = (await call(ALICE, 'GET', '/culls?q=wessex&page_size=100')).json<ListCullsResponse>();
      expect(found.total).toBe(41);
      expect(new Set(found.items.map((item) => item.ground_name))).toEqual(new Set(['Wessex Estate']));
    } finally {
      await app.close();
    }
  });

  it("takes a ground's name out of the records of a file from before step 4, and reads it from the ground", async () => {
    const db = new Database(join(backend.dir, 'at-step-three.db'));
    try {
      migrateSqlite(db, 'records-culls', SQLITE_CULL_MIGRATIONS.slice(0, 3));
      migrateSqlite(db, 'records-grounds', SQLITE_GROUND_MIGRATIONS);
      db.prepare(
        `INSERT INTO grounds (id, user_id, name, name_key, archived, version, created_at, updated_at)
         VALUES ('ground-1', 'user-alice', 'North Beat', 'north beat', 0, 1, '2025-03-01T09:00:00.000Z',
           '2025-03-01T09:00:00.000Z')`,
      ).run();
      // As step 3 wrote a placed record: its ground's name copied into its row and its search text.
      const insert = db.prepare(
        `INSERT INTO culls (id, user_id, version, created_at, updated_at, "date", "time", location_name, species, sex,
           age_estimate, "condition", antlers_present, shot_placement, search_text, search_rowid, ground_id, ground_name)
         VALUES (?, 'user-alice', 2, '2025-03-01T09:00:00.000Z', '2025-03-01T09:00:00.000Z', '2025-03-01', '09:00',
           'Wood', 'Roe Deer', 'Male', 'Adult', 'Good', 0, 'Heart/Lung', ?, ?, ?, ?)`,
      );
      const nextSearchRowid = db.prepare<[string], bigint>(NEXT_SEARCH_ROWID_SQL).pluck().safeIntegers();
      const indexSearch = db.prepare<[bigint, string]>(INDEX_SEARCH_SQL);
      for (const [id, groundId, groundName] of [
        ['cull-1', 'ground-1', 'North Beat'],
        ['cull-2', null, null],
      ] as const) {
        const text = ['01/03/2025', '2025-03-01', '09:00', 'wood', 'roe deer', 'male', 'adult', 'good', 'no']
          .concat(['heart/lung', ...(groundName === null ? [] : [groundName.toLowerCase()])])
          .join('\n');
        const searchRowid = nextSearchRowid.get('user-alice')!;
        insert.run(id, text, searchRowid, groundId, groundName);
        indexSearch.run(searchRowid, text);
      }

      const reopened = openSqliteReadModel({ database: db });
      const columns = db.prepare<[], string>("SELECT name FROM pragma_table_info('culls')").pluck().all();
      expect(columns).not.toContain('ground_name');
      expect(db.prepare("SELECT search_text FROM culls WHERE id = 'cull-1'").pluck().get()).not.toContain(
        'north',
      );
      expect(await reopened.get('user-alice', 'cull-1')).toMatchObject({
        ground_id: 'ground-1',
        ground_name: 'North Beat',
      });
      const found = async (q: string) =>
        (
          await reopened.list('user-alice', { q, page: 1, page_size: 10, sort: 'created_at', order: 'desc' })
        ).items.map((item) => item.id);
      expect(await found('north beat')).toEqual(['cull-1']);
      expect((await found('roe deer')).sort()).toEqual(['cull-1', 'cull-2']);
      // Renamed, as the ground's own row is: the old name, once copied into the trigram index, finds nothing.
      db.prepare("UPDATE grounds SET name = 'Wessex', name_key = 'wessex' WHERE id = 'ground-1'").run();
      expect(await found('north beat')).toEqual([]);
      expect(await found('wessex')).toEqual(['cull-1']);
    } finally {
      db.close();
    }
  });

  it('refuses an event that does not follow the version it holds, so the append rolls back', () => {
    expect(() => applyToSqlite(backend.store.database, [recorded(2)])).toThrow(
      `Read model has ${CULL_ID} at version 0, not 1`,
    );
    applyToSqlite(backend.store.database, [recorded(1)]);
    expect(() => applyToSqlite(backend.store.database, [recorded(1)])).toThrow(/at version 1, not 0/);
  });

  it('reads back exactly the record it was given, optional numbers and booleans included', async () => {
    applyToSqlite(backend.store.database, [recorded(1)]);
    expect(await backend.readModel.get('user-alice', CULL_ID)).toEqual({
      ...cullBody(),
      id: CULL_ID,
      created_by: 'user-alice',
      created_at: '2025-03-01T09:00:00.000Z',
      updated_at: '2025-03-01T09:00:00.000Z',
      version: 1,
    });
    expect(await backend.readModel.get('user-bob', CULL_ID)).toBeUndefined();
  });
});
