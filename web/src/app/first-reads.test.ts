import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { groundsQuery, outingsQuery } from '../features/grounds/api';
import { planProgressQuery } from '../features/plans/api';
import { cullQuery, cullsQuery } from '../features/records/api';
import { statsQuery } from '../features/dashboard/api';
import { fakeApi, json, makeCull } from '../testing/fake-api';
import { paramsFrom } from '../features/records/data-params';
import { prefetchScreenData } from './routes';

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/** Every GET the reads made, by path. */
const gets = (api: ReturnType<typeof fakeApi>) =>
  api.calls.filter((call) => call.method === 'GET').map((call) => call.url.pathname + call.url.search);

describe("a screen's first reads", () => {
  it('asks for the grounds and outings of the add-cull form, under the keys the form reads', async () => {
    const api = fakeApi()
      .signedInAs()
      .on('GET /api/grounds', () => json({ items: [] }))
      .on('GET /api/outings', () => json({ items: [], open: null }));
    const queryClient = client();
    prefetchScreenData(queryClient, '/add-cull', '');
    await expect.poll(() => queryClient.getQueryState(groundsQuery().queryKey)?.status).toBe('success');
    await expect.poll(() => queryClient.getQueryState(outingsQuery().queryKey)?.status).toBe('success');
    expect(gets(api).sort()).toEqual(['/api/grounds', '/api/outings']);
  });

  it('asks for the page of records the address names', async () => {
    const api = fakeApi()
      .signedInAs()
      .on('GET /api/culls', () => json({ items: [], total: 0, page: 2, page_size: 20 }))
      .on('GET /api/settings', () => json({ season_start: '04-01' }));
    const queryClient = client();
    prefetchScreenData(queryClient, '/data', '?page=2&page_size=20');
    const params = paramsFrom(new URLSearchParams('page=2&page_size=20'));
    await expect.poll(() => queryClient.getQueryState(cullsQuery(params).queryKey)?.status).toBe('success');
    const asked = api.callsTo('GET /api/culls')[0]?.url.searchParams;
    expect(asked?.get('page')).toBe('2');
    expect(asked?.get('page_size')).toBe('20');
  });

  it("asks for the dashboard's figures of the user's current season", async () => {
    const api = fakeApi()
      .signedInAs()
      .on('GET /api/settings', () => json({ season_start: '08-01' }));
    const queryClient = client();
    prefetchScreenData(queryClient, '/dashboard', '');
    await expect.poll(() => gets(api).filter((path) => path.startsWith('/api/stats')).length).toBe(1);
    const season = gets(api)
      .find((path) => path.startsWith('/api/stats'))!
      .split('season=')[1];
    expect(season).toMatch(/^\d{4}-\d{2}$/);
    expect(queryClient.getQueryState(statsQuery(season).queryKey)).toBeDefined();
    expect(queryClient.getQueryState(planProgressQuery(season!).queryKey)).toBeDefined();
  });

  it('asks for the record a record card shows', async () => {
    const record = makeCull();
    const api = fakeApi()
      .signedInAs()
      .on(`GET /api/culls/${record.id}`, () => json(record));
    const queryClient = client();
    prefetchScreenData(queryClient, `/view-cull/${record.id}`, '');
    await expect.poll(() => queryClient.getQueryData(cullQuery(record.id).queryKey)).toEqual(record);
    expect(gets(api)).toEqual([`/api/culls/${record.id}`]);
  });

  it('asks for the record the edit form fills in, with the grounds and outings the form offers', async () => {
    const record = makeCull();
    const api = fakeApi()
      .signedInAs()
      .on(`GET /api/culls/${record.id}`, () => json(record))
      .on('GET /api/grounds', () => json({ items: [] }))
      .on('GET /api/outings', () => json({ items: [], open: null }));
    const queryClient = client();
    prefetchScreenData(queryClient, `/edit-cull/${record.id}`, '');
    await expect.poll(() => queryClient.getQueryData(cullQuery(record.id).queryKey)).toEqual(record);
    await expect.poll(() => queryClient.getQueryState(groundsQuery().queryKey)?.status).toBe('success');
    await expect.poll(() => queryClient.getQueryState(outingsQuery().queryKey)?.status).toBe('success');
    expect(gets(api).sort()).toEqual([`/api/culls/${record.id}`, '/api/grounds', '/api/outings']);
  });

  it('asks nothing for a screen that reads nothing first', () => {
    const api = fakeApi().signedInAs();
    prefetchScreenData(client(), '/terms', '');
    expect(api.calls).toEqual([]);
  });
});
