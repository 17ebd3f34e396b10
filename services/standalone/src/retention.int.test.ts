import { existsSync, readFileSync } from 'node:fs';
import { join as joinPath } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CullView,
  Ground,
  InviteCreated,
  LarderResponse,
  ListCullsResponse,
  StatsResponse,
  Team,
} from '@cull-log/contracts';
import { pollUntil, sampleCull } from './testing/expectations';
import { apiInProcess, type ApiInProcess } from './testing/api-in-process';

/** The clock every app of the one-process app reads, moved by the test across the years. */
let clockMs = Date.parse('2016-01-10T09:00:00.000Z');
const now = () => new Date(clockMs);

const ADA = { name: 'Ada Stalker', email: 'ada.retention@example.org' };

/**
 * The seven years the specification keeps records, through the whole app: the gateway's daily job asks the records
 * service to remove what is past them, and passes the removed records on to stats and exports.
 */
describe('records kept seven years, in the one-process app', () => {
  let api: ApiInProcess;
  beforeAll(async () => {
    api = await apiInProcess({ now });
  });
  afterAll(async () => {
    await api?.close();
  });

  const read = async <T>(url: string): Promise<T> => {
    const answer = await api.call({ method: 'GET', url });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<T>();
  };
  const record = async (fields: Parameters<typeof sampleCull>[0]): Promise<CullView> => {
    const answer = await api.call({ method: 'POST', url: '/api/culls', payload: sampleCull(fields) });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<CullView>();
  };
  const larderOf = (season: string) =>
    pollUntil(
      () => read<LarderResponse>(`/api/larder?season=${encodeURIComponent(season)}`),
      () => true,
    );

  it('removes a record culled and entered more than seven years ago from the list, the figures and the larder book, and keeps one entered since', async () => {
    await api.signIn(ADA);
    const old = await record({ date: '2016-01-09', location_name: 'Old Covert' });
    const settled = await pollUntil(
      () => read<StatsResponse>('/api/stats'),
      (stats) => stats.total_culls === 1,
    );
    expect(settled.total_culls).toBe(1);
    expect((await larderOf('2015/16')).items.map((item) => item.id)).toEqual([old.id]);

    // Ten years on, Ada signs in again and types in the same winter from an old notebook.
    clockMs = Date.parse('2026-12-01T09:00:00.000Z');
    await api.signIn(ADA);
    const late = await record({ date: '2016-01-09', location_name: 'From the notebook' });

    const run = await api.gateway.retention!.runOnce();
    expect(run).toMatchObject({ recordsRemoved: 1 });

    const list = await read<ListCullsResponse>('/api/culls');
    expect(list.items.map((cull) => cull.id)).toEqual([late.id]);
    expect((await api.call({ method: 'GET', url: `/api/culls/${old.id}` })).statusCode).toBe(404);
    const stats = await pollUntil(
      () => read<StatsResponse>('/api/stats'),
      (figures) => figures.total_culls === 1,
    );
    expect(stats.total_culls).toBe(1);
    expect((await larderOf('2015/16')).items.map((item) => item.id)).toEqual([late.id]);

    // The next day's run finds nothing more to remove.
    clockMs += 24 * 60 * 60 * 1000;
    expect(await api.gateway.retention!.runOnce()).toMatchObject({ recordsRemoved: 0 });
    expect((await read<ListCullsResponse>('/api/culls')).items).toHaveLength(1);
  });
});

/**
 * What a team keeps of members who erased their account goes past the same seven years: kept culls culled and kept
 * before the cutoff leave the team's figures, larder book, CSV and the event log's bytes; later ones stay.
 */
describe("teams' kept copies kept seven years, in the one-process app", () => {
  let teamClockMs = Date.parse('2016-01-10T09:00:00.000Z');
  let api: ApiInProcess;
  beforeAll(async () => {
    api = await apiInProcess({ now: () => new Date(teamClockMs) });
  });
  afterAll(async () => {
    await api?.close();
  });

  const ANN = { name: 'Ann Manager', email: 'ann.team-retention@example.org' };
  const BOB = { name: 'Bob Stalker', email: 'bob.team-retention@example.org' };
  const CAT = { name: 'Cat Stalker', email: 'cat.team-retention@example.org' };
  const at = (iso: string) => {
    teamClockMs = Date.parse(iso);
  };
  const send = async <T>(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, status = 200) => {
    const answer = await api.call({ method, url, ...(payload === undefined ? {} : { payload }) });
    expect(answer.statusCode, `${method} ${url}: ${answer.body}`).toBe(status);
    return (answer.body === '' ? undefined : answer.json()) as T;
  };
  const join = async (user: typeof BOB, teamId: string) => {
    await api.signIn(ANN);
    const { token } = await send<InviteCreated>(
      'POST',
      `/api/teams/${teamId}/invites`,
      { role: 'stalker' },
      201,
    );
    await api.signIn(user);
    await send('POST', `/api/invites/${token}/accept`);
  };
  /** Signed in again, then the erasure confirmed, as the account page asks. */
  const erase = async (user: typeof BOB) => {
    await send('POST', '/auth/dev/reauthenticate', { email: user.email }, 204);
    await send('DELETE', '/api/account', { confirmation: 'DELETE' });
  };
  const recordOn = async (groundId: string, date: string, tag: string) =>
    send<CullView>('POST', '/api/culls', sampleCull({ ground_id: groundId, date, carcass_tag: tag }), 201);

  const teamView = async (teamId: string) => {
    const stats = await send<StatsResponse>('GET', `/api/stats?team=${teamId}`);
    const larder = async (season: string) =>
      (
        await send<LarderResponse>('GET', `/api/larder?team=${teamId}&season=${encodeURIComponent(season)}`)
      ).items
        .map((item) => item.carcass_tag)
        .sort();
    const csv = (await api.call({ method: 'GET', url: `/api/exports/culls.csv?team=${teamId}` })).body;
    return {
      total: stats.total_culls,
      larder: { old: await larder('2015/16'), recent: await larder('2024/25') },
      csvTags: ['TEAM-OLD-2016', 'TEAM-NEW-2025'].filter((tag) => csv.includes(tag)),
    };
  };
  const logBytes = () =>
    Buffer.concat(
      ['records.db', 'records.db-wal']
        .map((name) => joinPath(api.directory, name))
        .filter((file) => existsSync(file))
        .map((file) => readFileSync(file)),
    );

  it('removes a kept cull of 2016 from the team’s figures, larder book, CSV and the log’s bytes in 2026, and keeps one of 2025', async () => {
    await api.signIn(ANN);
    const team = await send<Team>('POST', '/api/teams', { name: 'Old Glen', kind: 'syndicate' }, 201);
    const ground = await send<Ground>('POST', '/api/grounds', { team_id: team.id, name: 'Glen Beat' }, 201);
    await join(BOB, team.id);
    await recordOn(ground.id, '2016-01-09', 'TEAM-OLD-2016');
    at('2017-03-01T09:00:00.000Z');
    await api.signIn(BOB);
    await erase(BOB);
    at('2025-02-01T09:00:00.000Z');
    await join(CAT, team.id);
    await recordOn(ground.id, '2025-01-20', 'TEAM-NEW-2025');
    await erase(CAT);

    at('2026-12-01T02:00:00.000Z');
    await api.signIn(ANN);
    const before = await pollUntil(
      () => teamView(team.id),
      (view) => view.total === 2 && view.csvTags.length === 2,
    );
    expect(before.larder).toEqual({ old: ['TEAM-OLD-2016'], recent: ['TEAM-NEW-2025'] });
    expect(logBytes().includes('TEAM-OLD-2016')).toBe(true);

    expect(await api.gateway.retention!.runOnce()).toMatchObject({ keptCullsRemoved: 1 });

    const after = await pollUntil(
      () => teamView(team.id),
      (view) => view.total === 1 && view.csvTags.length === 1,
    );
    expect(after).toEqual({
      total: 1,
      larder: { old: [], recent: ['TEAM-NEW-2025'] },
      csvTags: ['TEAM-NEW-2025'],
    });
    expect(logBytes().includes('TEAM-OLD-2016')).toBe(false);
    expect(logBytes().includes('TEAM-NEW-2025')).toBe(true);

    // The next day's run removes nothing.
    at('2026-12-02T02:00:00.000Z');
    expect(await api.gateway.retention!.runOnce()).toMatchObject({ keptCullsRemoved: 0 });
    expect(await teamView(team.id)).toEqual(after);

    // Rebuilt from the log, the projections hold the same.
    for (const projection of [api.stores.stats, api.stores.exports]) {
      await projection.clear();
      for (let position = 0; ;) {
        const batch = await api.stores.events.readAll(position, 1000);
        if (batch.length === 0) break;
        await projection.applyBatch(batch);
        position = batch.at(-1)!.position;
      }
    }
    expect(await teamView(team.id)).toEqual(after);
  });
});
