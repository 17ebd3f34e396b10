import { readdirSync, readFileSync } from 'node:fs';
import { join as joinPath } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ImportPreview,
  RecordRetentionResponse,
  TeamRetentionResponse,
  type CullFields,
  type CullView,
  type Ground,
  type ListCullsResponse,
  type ListOutingsResponse,
  type Outing,
  type StoredLogEvent,
  type Team,
} from '@cull-log/contracts';
import { exportCsv, multipartForm } from './import-files';
import { multipartBody, phoneJpeg } from './photo-files';
import { ALICE, BOB, CLOCK_START, cullBody, harnessPerTest, type Backend } from './records-harness';

const DAY_MS = 24 * 60 * 60 * 1000;
/** When the old records are entered: nearly eleven years before the harness's clock starts. */
const LONG_AGO = '2016-01-10T09:00:00.000Z';
/** Seven years before the harness's clock starts, as the gateway's job gives it. */
const CUTOFF = '2019-11-05T09:00:00.000Z';

/**
 * `POST /account/retention`, the records service's side of the seven years the specification keeps records, against
 * one store's backend: the old records are entered with the harness's clock moved back years.
 */
export function describeRetentionApi<Tx>(backendName: string, openBackend: () => Promise<Backend<Tx>>): void {
  describe(`retention on ${backendName}`, () => {
    const per = harnessPerTest(openBackend);
    const call = (...args: Parameters<typeof per.harness.call>) => per.harness.call(...args);

    /** Moves the harness's clock to `iso`, backwards too. */
    function clockAt(iso: string) {
      per.harness.clock.advance(Date.parse(iso) - per.harness.clock.now().getTime());
    }

    async function record(user: typeof ALICE, fields: Record<string, unknown> = {}): Promise<CullView> {
      const response = await call(user, 'POST', '/culls', cullBody(fields));
      expect(response.statusCode, response.body).toBe(201);
      return response.json<CullView>();
    }

    async function retain(user = ALICE, cutoff = CUTOFF): Promise<string[]> {
      const response = await call(user, 'POST', '/account/retention', { cutoff });
      expect(response.statusCode, response.body).toBe(200);
      return RecordRetentionResponse.parse(response.json()).record_ids;
    }

    async function eventsOf(user = ALICE): Promise<StoredLogEvent[]> {
      const response = await call(user, 'GET', '/account/events.jsonl');
      return response.body
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as StoredLogEvent);
    }

    async function addPhoto(cullId: string): Promise<string> {
      const { payload, headers } = multipartBody([
        {
          filename: 'buck.jpg',
          contentType: 'image/jpeg',
          bytes: await phoneJpeg({ width: 400, height: 300 }),
        },
      ]);
      const response = await call(ALICE, 'POST', `/culls/${cullId}/photos`, payload, headers);
      expect(response.statusCode, response.body).toBe(201);
      return response.json<CullView>().photos!.at(-1)!.id;
    }

    it('removes the records culled and entered before the cutoff whole: photos, rows, events', async () => {
      clockAt(LONG_AGO);
      const old = await record(ALICE, { date: '2016-01-09', notes: 'old and gone' });
      const photoId = await addPhoto(old.id);
      per.harness.clock.advance(1000);
      const older = await record(ALICE, { date: '2015-12-30', carcass_tag: 'OLD-1' });
      per.harness.clock.advance(1000);
      const deleted = await record(ALICE, { date: '2016-01-02' });
      expect((await call(ALICE, 'DELETE', `/culls/${deleted.id}`)).statusCode).toBe(204);
      const bobs = await record(BOB, { date: '2016-01-09' });
      clockAt(CLOCK_START);
      // Culled long ago but entered in Cull Log only now: seven years from now, not yet.
      const enteredLate = await record(ALICE, { date: '2016-01-09', notes: 'from an old notebook' });
      const recent = await record(ALICE, { date: '2026-11-01' });
      const photoBytes = () => per.backend.blobs.get(`users/${ALICE.uid}/photos/${old.id}/${photoId}`);
      expect(await photoBytes()).toBeDefined();
      const bobsEvents = await eventsOf(BOB);

      // The oldest entered first; a record deleted long ago has its events purged too.
      expect(await retain()).toEqual([old.id, older.id, deleted.id]);

      for (const gone of [old, older])
        expect((await call(ALICE, 'GET', `/culls/${gone.id}`)).statusCode).toBe(404);
      expect(await photoBytes()).toBeUndefined();
      expect(
        await per.backend.blobs.get(`users/${ALICE.uid}/photos/${old.id}/${photoId}-thumb`),
      ).toBeUndefined();
      const listed = (await call(ALICE, 'GET', '/culls?page_size=100')).json<ListCullsResponse>();
      expect(listed.items.map((item) => item.id).sort()).toEqual([enteredLate.id, recent.id].sort());
      expect(listed.total).toBe(2);
      expect((await call(ALICE, 'GET', '/culls?q=old+and+gone')).json<ListCullsResponse>().total).toBe(0);
      const events = await eventsOf();
      const removed = new Set([old.id, older.id, deleted.id]);
      expect(events.filter((event) => removed.has(event.streamId))).toEqual([]);
      expect(new Set(events.map((event) => event.streamId))).toEqual(new Set([enteredLate.id, recent.id]));
      expect(JSON.stringify(await (await call(ALICE, 'GET', '/account/photos.json')).json())).not.toContain(
        old.id,
      );
      // Bob's record of the same day is his, and untouched.
      expect((await call(BOB, 'GET', `/culls/${bobs.id}`)).json<CullView>()).toMatchObject({ id: bobs.id });
      expect(await eventsOf(BOB)).toEqual(bobsEvents);
      // A removed record cannot be written to as if it were there.
      expect((await call(ALICE, 'PATCH', `/culls/${old.id}`, { notes: 'back?' })).statusCode).toBe(404);

      // Asked again (the job's next day), nothing more goes.
      expect(await retain()).toEqual([]);
      expect((await call(ALICE, 'GET', '/culls?page_size=100')).json<ListCullsResponse>().total).toBe(2);
    });

    it("never touches another user's records, whatever the cutoff", async () => {
      clockAt(LONG_AGO);
      const bobs = await record(BOB, { date: '2016-01-09' });
      clockAt(CLOCK_START);

      expect(await retain(ALICE)).toEqual([]);
      expect((await call(BOB, 'GET', `/culls/${bobs.id}`)).statusCode).toBe(200);
      expect(await retain(BOB)).toEqual([bobs.id]);
    });

    it('keeps a record culled after the cutoff’s day, or entered after the cutoff', async () => {
      clockAt('2019-11-04T09:00:00.000Z');
      const culledBefore = await record(ALICE, { date: '2019-11-04' });
      clockAt('2019-11-05T10:00:00.000Z');
      const enteredAfter = await record(ALICE, { date: '2019-11-01' });
      const culledOnTheDay = await record(ALICE, { date: '2019-11-05', time: '06:00' });
      clockAt(CLOCK_START);

      expect(await retain(ALICE, '2019-11-05T09:30:00.000Z')).toEqual([culledBefore.id]);
      for (const kept of [enteredAfter, culledOnTheDay])
        expect((await call(ALICE, 'GET', `/culls/${kept.id}`)).statusCode).toBe(200);
    });

    it('an amendment within the bus’s 30 days keeps the record until it has left the bus, then it goes', async () => {
      clockAt(LONG_AGO);
      const old = await record(ALICE, { date: '2016-01-09' });
      clockAt(CLOCK_START);
      per.harness.clock.advance(-10 * DAY_MS);
      expect((await call(ALICE, 'PATCH', `/culls/${old.id}`, { notes: 'corrected' })).statusCode).toBe(200);
      clockAt(CLOCK_START);

      expect(await retain()).toEqual([]);
      per.harness.clock.advance(21 * DAY_MS);
      expect(await retain()).toEqual([old.id]);
    });

    it("takes a removed record out of its outing's count, its team's records and its import's list", async () => {
      clockAt(LONG_AGO);
      const team = (
        await call(ALICE, 'POST', '/teams', { name: 'Glen Syndicate', kind: 'syndicate' })
      ).json<Team>();
      const north = (
        await call(ALICE, 'POST', '/grounds', { team_id: team.id, name: 'North Beat' })
      ).json<Ground>();
      const home = (await call(ALICE, 'POST', '/grounds', { name: 'Home Wood' })).json<Ground>();
      const started = await call(ALICE, 'POST', '/outings', {
        ground_id: home.id,
        started_at: '2016-01-09T06:00:00.000Z',
        ended_at: '2016-01-09T09:00:00.000Z',
      });
      expect(started.statusCode, started.body).toBe(201);
      const outing = started.json<Outing>();
      const onTeam = await record(ALICE, { date: '2016-01-09', ground_id: north.id });
      const onOuting = await record(ALICE, { date: '2016-01-09', ground_id: home.id, outing_id: outing.id });
      const upload = multipartForm(
        {
          name: 'notebook.csv',
          bytes: exportCsv([cullBody({ date: '2016-01-08' }) as unknown as CullFields]),
        },
        {},
      );
      const preview = ImportPreview.parse(
        (await call(ALICE, 'POST', '/imports', upload.payload, upload.headers)).json(),
      );
      expect((await call(ALICE, 'POST', `/imports/${preview.id}/commit`)).statusCode).toBe(200);
      clockAt(CLOCK_START);
      const later = await record(ALICE, { ground_id: north.id });
      await record(ALICE, { date: '2016-01-09', ground_id: home.id, outing_id: outing.id });
      const teamRecords = async () =>
        (await call(ALICE, 'GET', `/culls?team=${team.id}`)).json<ListCullsResponse>();
      const importedIds = async () =>
        ((await call(ALICE, 'GET', '/account/imports.json')).json() as { record_ids: string[] }[])[0]!
          .record_ids;
      expect((await teamRecords()).total).toBe(2);
      const [imported] = await importedIds();

      expect((await retain()).sort()).toEqual([onTeam.id, onOuting.id, imported!].sort());

      expect(await teamRecords()).toMatchObject({ total: 1, items: [{ id: later.id }] });
      const outings = (await call(ALICE, 'GET', '/outings')).json<ListOutingsResponse>();
      const counted = [...outings.items, ...(outings.open === null ? [] : [outings.open])];
      expect(counted.find((item) => item.id === outing.id)?.cull_count).toBe(1);
      expect(await importedIds()).toEqual([]);
    });

    it('answers 400 to a cutoff that is not an ISO date-time or is less than seven years ago, and removes nothing', async () => {
      clockAt(LONG_AGO);
      const old = await record(ALICE, { date: '2016-01-09' });
      clockAt(CLOCK_START);

      const bodies = [
        {},
        { cutoff: '2019-11-05' },
        { cutoff: 'seven years ago' },
        { cutoff: 1 },
        [],
        // Less than seven years before the service's clock: a mistake, not a retention.
        { cutoff: '2019-11-07T09:00:00.000Z' },
        { cutoff: '2026-11-05T09:00:00.000Z' },
      ];
      for (const body of bodies) {
        const response = await call(ALICE, 'POST', '/account/retention', body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json()).toMatchObject({ error: { code: 'validation_failed' } });
      }
      expect((await call(ALICE, 'GET', `/culls/${old.id}`)).statusCode).toBe(200);
    });

    it('answers 401 without the signed identity, and removes nothing', async () => {
      clockAt(LONG_AGO);
      const old = await record(ALICE, { date: '2016-01-09' });
      clockAt(CLOCK_START);

      const response = await per.harness.app.inject({
        method: 'POST',
        url: '/account/retention',
        payload: { cutoff: CUTOFF },
      });
      expect(response.statusCode).toBe(401);
      expect((await call(ALICE, 'GET', `/culls/${old.id}`)).statusCode).toBe(200);
    });

    describe("teams' kept copies", () => {
      const CAT = { uid: 'user-cat', display_name: 'Cat', email: 'cat@example.org' };

      async function join(teamId: string, user: typeof ALICE) {
        const invite = await call(ALICE, 'POST', `/teams/${teamId}/invites`, { role: 'stalker' });
        expect(invite.statusCode, invite.body).toBe(201);
        const { token } = invite.json<{ token: string }>();
        expect((await call(user, 'POST', `/invites/${token}/accept`)).statusCode).toBe(200);
      }

      async function retainTeams(cutoff = CUTOFF): Promise<number> {
        const response = await call(ALICE, 'POST', '/retention/teams', { cutoff });
        expect(response.statusCode, response.body).toBe(200);
        return TeamRetentionResponse.parse(response.json()).kept_culls_removed;
      }

      const teamList = async (teamId: string) => {
        const response = await call(ALICE, 'GET', `/culls?team=${teamId}`);
        expect(response.statusCode, response.body).toBe(200);
        return response.json<ListCullsResponse>().items;
      };

      /**
       * A team made in 2016 on a ground of its own: Bob's cull of 2016 there kept when he erased his account in 2017, and
       * Cat's of 2025 when she erased hers in 2025; then the clock at the harness's start (November 2026).
       */
      async function teamWithKeptCopies() {
        clockAt(LONG_AGO);
        const made = await call(ALICE, 'POST', '/teams', { name: 'Old Syndicate', kind: 'syndicate' });
        const team = made.json<Team>();
        const ground = (
          await call(ALICE, 'POST', '/grounds', { team_id: team.id, name: 'North Beat' })
        ).json<Ground>();
        await join(team.id, BOB);
        await record(BOB, { ground_id: ground.id, date: '2016-01-09', carcass_tag: 'KEPT-OLD-2016' });
        clockAt('2017-03-01T09:00:00.000Z');
        expect((await call(BOB, 'DELETE', '/account')).statusCode).toBe(200);
        clockAt('2025-02-01T09:00:00.000Z');
        await join(team.id, CAT);
        await record(CAT, { ground_id: ground.id, date: '2025-01-20', carcass_tag: 'KEPT-NEW-2025' });
        expect((await call(CAT, 'DELETE', '/account')).statusCode).toBe(200);
        clockAt(CLOCK_START);
        const tags = (await teamList(team.id)).map((cull) => cull.carcass_tag).sort();
        expect(tags).toEqual(['KEPT-NEW-2025', 'KEPT-OLD-2016']);
        return team;
      }

      it('removes a kept cull culled and kept over seven years ago from the team and from its kept events, and keeps a recent one', async () => {
        const team = await teamWithKeptCopies();
        const keptBefore = await per.backend.store.readStream(team.id);

        expect(await retainTeams()).toBe(1);

        expect((await teamList(team.id)).map((cull) => cull.carcass_tag)).toEqual(['KEPT-NEW-2025']);
        const events = await per.backend.store.readStream(team.id);
        // The stream keeps its versions: the old kept event is the removal of its own, one more event names it too.
        expect(events.map((event) => event.version)).toEqual(
          keptBefore.map((event) => event.version).concat(keptBefore.length + 1),
        );
        expect(events.at(-1)).toMatchObject({
          type: 'team.kept_culls_removed.v1',
          userId: `team-${team.id}`,
        });
        const text = JSON.stringify(events);
        expect(text).not.toContain('KEPT-OLD-2016');
        expect(text).toContain('KEPT-NEW-2025');
        expect(events.filter((event) => event.type === 'team.culls_kept.v1')).toHaveLength(1);
        // On SQLite, nothing of it stays in the file or its write-ahead log (MongoDB keeps no file of ours to read).
        const folder = (per.backend as { dir?: string }).dir;
        if (folder !== undefined) {
          const bytes = readdirSync(folder)
            .filter((name) => name.startsWith('records.db'))
            .map((name) => readFileSync(joinPath(folder, name)));
          expect(Buffer.concat(bytes).includes('KEPT-OLD-2016')).toBe(false);
          expect(Buffer.concat(bytes).includes('KEPT-NEW-2025')).toBe(true);
        }

        // The next run finds nothing more to remove, and writes nothing.
        per.harness.clock.advance(DAY_MS);
        expect(await retainTeams()).toBe(0);
        expect(await per.backend.store.readStream(team.id)).toEqual(events);
      });

      it('leaves in a kept event a cull culled on the cutoff’s day, taking out only the one culled before it', async () => {
        clockAt(LONG_AGO);
        const team = (await call(ALICE, 'POST', '/teams', { name: 'Mixed', kind: 'syndicate' })).json<Team>();
        const ground = (
          await call(ALICE, 'POST', '/grounds', { team_id: team.id, name: 'South Beat' })
        ).json<Ground>();
        await join(team.id, BOB);
        // Both kept an hour before the cutoff: one culled the day before its day, one on it (London's calendar).
        clockAt('2019-11-05T07:00:00.000Z');
        await record(BOB, { ground_id: ground.id, date: '2019-11-04', carcass_tag: 'DAY-BEFORE' });
        await record(BOB, { ground_id: ground.id, date: '2019-11-05', carcass_tag: 'ON-THE-DAY' });
        clockAt('2019-11-05T08:00:00.000Z');
        expect((await call(BOB, 'DELETE', '/account')).statusCode).toBe(200);
        clockAt(CLOCK_START);

        expect(await retainTeams()).toBe(1);

        expect((await teamList(team.id)).map((cull) => cull.carcass_tag)).toEqual(['ON-THE-DAY']);
        const kept = (await per.backend.store.readStream(team.id)).filter(
          (event) => event.type === 'team.culls_kept.v1',
        );
        expect(kept).toHaveLength(1);
        expect(JSON.stringify(kept)).not.toContain('DAY-BEFORE');
        expect(JSON.stringify(kept)).toContain('ON-THE-DAY');
      });

      it('refuses a cutoff less than seven years ago and changes nothing', async () => {
        const team = await teamWithKeptCopies();
        const before = await per.backend.store.readStream(team.id);
        const response = await call(ALICE, 'POST', '/retention/teams', {
          cutoff: '2024-01-01T00:00:00.000Z',
        });
        expect(response.statusCode).toBe(400);
        expect(await per.backend.store.readStream(team.id)).toEqual(before);
      });
    });
  });
}
