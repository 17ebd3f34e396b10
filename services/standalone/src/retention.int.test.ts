import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CullView, LarderResponse, ListCullsResponse, StatsResponse } from '@cull-log/contracts';
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
