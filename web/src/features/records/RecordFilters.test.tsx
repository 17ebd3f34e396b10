import type { Cull } from '@cull-log/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, makeCull, makeGround, makeOuting, serveManagement } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';

const HOME = makeGround({ name: 'Home Farm' });
const BEECH = makeGround({ name: 'Beech Hanger' });
const DAWN = makeOuting({
  ground_id: BEECH.id,
  started_at: '2026-05-02T04:15:00.000Z',
  ended_at: '2026-05-02T07:00:00.000Z',
});

/** The records list over `records`, with the user's grounds and outings; every list read is kept. */
function serveRecords(records: Cull[]) {
  const api = fakeApi().signedInAs();
  serveManagement(api, { grounds: [HOME, BEECH], outings: [DAWN] });
  api.on('GET /api/culls', ({ url }) =>
    json({
      items: records,
      total: records.length,
      page: Number(url.searchParams.get('page') ?? 1),
      page_size: 10,
    }),
  );
  return api;
}

const lastListQuery = (api: ReturnType<typeof fakeApi>) =>
  Object.fromEntries(api.callsTo('GET /api/culls').at(-1)?.url.searchParams ?? []);

describe('the records list on a desk', () => {
  it('filters by ground, species, sex, destination and outing on the server, from the first page', async () => {
    const api = serveRecords([makeCull()]);
    const { router } = await renderApp('/data?page=2');
    await screen.findByRole('grid', { name: 'Cull records' });
    const user = userEvent.setup({ delay: null });

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Ground' }), 'Beech Hanger');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sex' }), 'Female');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Species' }), 'Red Deer');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Destination' }), 'Game dealer');
    // An outing is named by its start, on the browser's clock, and its ground.
    const dawn = await screen.findByRole('option', { name: /^02\/05\/2026 \d\d:15, Beech Hanger$/ });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Outing' }), dawn);

    await waitFor(() =>
      expect(lastListQuery(api)).toMatchObject({
        page: '1',
        ground_id: BEECH.id,
        sex: 'Female',
        species: 'Red Deer',
        destination: 'Game dealer',
        outing_id: DAWN.id,
      }),
    );
    // In the address, so a reload and a shared link show the same list.
    const address = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(address)).toEqual({
      ground_id: BEECH.id,
      sex: 'Female',
      species: 'Red Deer',
      destination: 'Game dealer',
      outing_id: DAWN.id,
    });
    expect(screen.getByText(/with the filters chosen/)).toBeInTheDocument();

    // Back undoes the last filter chosen.
    await router.navigate(-1);
    expect(new URLSearchParams(router.state.location.search).has('outing_id')).toBe(false);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Outing' })).toHaveValue('any'));
    expect(screen.getByRole('combobox', { name: 'Destination' })).toHaveValue('Game dealer');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('combobox', { name: 'Sex' })).toHaveValue('any');
    expect(screen.getByRole('combobox', { name: 'Ground' })).toHaveValue('any');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('reads its filters from the address, so a reload shows the same list', async () => {
    const api = serveRecords([makeCull()]);
    await renderApp(`/data?ground_id=${HOME.id}&destination=Own%20use`);
    await screen.findByRole('grid', { name: 'Cull records' });
    expect(lastListQuery(api)).toMatchObject({ ground_id: HOME.id, destination: 'Own use' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Ground' })).toHaveValue(HOME.id));
    expect(screen.getByRole('combobox', { name: 'Destination' })).toHaveValue('Own use');
  });

  it('shows the carcass tag, the shooter, and the sex in stalkers\u2019 words', async () => {
    serveRecords([
      makeCull({
        species: 'Fallow Deer',
        sex: 'Male',
        age_estimate: 'Young Adult',
        carcass_tag: 'AF-0042',
        shooter: 'Jo Client',
      }),
      makeCull({ species: 'Fox', sex: 'Female' }),
    ]);
    await renderApp('/data');
    const [, pricket, fox] = await screen.findAllByRole('row');
    expect(within(pricket!).getByRole('rowheader').parentElement).toHaveTextContent('Male (pricket)');
    expect(pricket).toHaveTextContent('AF-0042');
    expect(pricket).toHaveTextContent('Jo Client');
    expect(fox).toHaveTextContent('FemaleAdult');
    expect(fox).toHaveTextContent('You');
  });
});

describe('the records list on a phone', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('folds the filters behind a "Filters" disclosure that counts those chosen, reading grounds only once opened', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query === '(max-width: 40em)',
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      })),
    );
    const api = serveRecords([makeCull({ species: 'Red Deer', sex: 'Female' })]);
    await renderApp('/data');
    await screen.findByRole('list', { name: 'Cull records' });
    expect(screen.getByText('Female (hind) · Adult', { exact: false })).toBeInTheDocument();
    const summary = screen.getByText('Filters');
    expect(summary.closest('details')).not.toHaveAttribute('open');
    expect(api.callsTo('GET /api/grounds')).toHaveLength(0);

    const user = userEvent.setup({ delay: null });
    await user.click(summary);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Sex' }), 'Male');
    await waitFor(() => expect(lastListQuery(api)).toMatchObject({ sex: 'Male' }));
    expect(screen.getByText('Filters (1)')).toBeInTheDocument();
    expect(api.callsTo('GET /api/grounds').length).toBeGreaterThan(0);
  });
});
