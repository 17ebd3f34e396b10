import { currentSeason } from '@cull-log/domain';
import type { PlanProgressRow, PutPlansRequest, StatsResponse } from '@cull-log/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, json, makeCull, makeGround, serveManagement } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';
import { choose, choiceList } from '../../testing/ui';

const CURRENT = currentSeason(new Date()).key;
const PREVIOUS = `${Number(CURRENT.slice(0, 4)) - 1}-${CURRENT.slice(2, 4)}`;
const label = (key: string) => key.replace('-', '/');

const stats = (season: string): StatsResponse => ({
  total_culls: 5,
  this_month: 1,
  species_breakdown: { 'Roe Deer': 5 },
  average_weight: 13,
  top_species: 'Roe Deer',
  per_month: [],
  season: {
    label: label(season),
    from: `${season.slice(0, 4)}-04-01`,
    to: `20${season.slice(5)}-03-31`,
    species_by_sex: { 'Roe Deer': { Male: 2, Female: 3 } },
    outings: { outings: 4, blank_outings: 1, hours_out: 10.5, hours_per_deer: 2.1 },
  },
  season_start: '04-01',
  position: 3,
});

const row = (overrides: Partial<PlanProgressRow>): PlanProgressRow => ({
  ground_id: null,
  species: 'Roe Deer',
  class: 'Female',
  target: 10,
  actual: 3,
  left: 7,
  exceeded: false,
  ...overrides,
});

const wood = makeGround({ name: 'Home Wood' });

function serve(progress: PlanProgressRow[] = []) {
  const api = fakeApi().signedInAs();
  api.on('GET /api/stats', ({ url }) => json(stats(url.searchParams.get('season') ?? CURRENT)));
  const held = serveManagement(api, { grounds: [wood], progress: { [CURRENT]: progress } });
  return { api, held, wood, user: userEvent.setup({ delay: null }) };
}

describe('the dashboard by season', () => {
  it('asks for the season chosen and shows its table and outing figures', async () => {
    const { api, user } = serve();
    await renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: `Season ${label(CURRENT)}` })).toBeInTheDocument();
    expect(api.callsTo('GET /api/stats')[0]?.url.searchParams.get('season')).toBe(CURRENT);
    expect(screen.getByText('Outings').parentElement).toHaveTextContent('4');
    expect(screen.getByText('Blank outings').parentElement).toHaveTextContent('1');
    expect(screen.getByText('Hours out').parentElement).toHaveTextContent('10.5');
    expect(screen.getByText('Hours per deer').parentElement).toHaveTextContent('2.1');

    await choose(user, 'Season', label(PREVIOUS));
    expect(await screen.findByRole('heading', { name: `Season ${label(PREVIOUS)}` })).toBeInTheDocument();
    expect(api.callsTo('GET /api/stats').at(-1)?.url.searchParams.get('season')).toBe(PREVIOUS);
  });

  it('shows plan progress per species and sex, and says plainly when a target is exceeded', async () => {
    serve([
      row({ class: 'Female', target: 10, actual: 3, left: 7 }),
      row({ class: 'Male', target: 2, actual: 5, left: 0, exceeded: true }),
      row({ ground_id: wood.id, species: 'Muntjac', class: 'Male', target: 4, actual: 4, left: 0 }),
      row({ species: 'Fallow Deer', class: 'Unknown', target: null, actual: 1, left: null }),
    ]);
    await renderApp('/dashboard');
    const all = await screen.findByRole('list', { name: 'Plan progress: All grounds' });
    const lines = within(all)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines).toEqual([
      'Roe Deer, female3 of 10: 7 left',
      'Roe Deer, male5 of 2: 3 over the target',
      'Fallow Deer, sex unknown1 culled, no target',
    ]);
    const ground = screen.getByRole('list', { name: 'Plan progress: Home Wood' });
    expect(ground).toHaveTextContent('Muntjac, male4 of 4: target met');
  });

  it('says when the season has no plan, and links to the editor', async () => {
    serve();
    await renderApp('/dashboard');
    expect(await screen.findByText(`No cull plan for ${label(CURRENT)} yet.`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit the plan' })).toHaveAttribute('href', '/plans');
  });

  it('downloads the season report of the season chosen', async () => {
    const { api, user } = serve();
    const pdf = new Response('%PDF-1.7', {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': 'attachment; filename="season.pdf"',
      },
    });
    api.on('GET /api/reports/season.pdf', () => pdf);
    const createObjectURL = vi.fn(() => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    await renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Download season report (PDF)' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(api.callsTo('GET /api/reports/season.pdf')[0]?.url.searchParams.get('season')).toBe(CURRENT);
  });
});

describe('the plan editor', () => {
  it('sets targets for all grounds, Juvenile too, and keeps the other plans of the season', async () => {
    const { api, held, wood, user } = serve();
    held.plans[CURRENT] = [
      { ground_id: wood.id, targets: [{ species: 'Muntjac', class: 'Male', target: 3 }] },
    ];
    await renderApp('/plans');
    await user.type(await screen.findByLabelText('Roe Deer male target'), '4');
    await user.type(screen.getByLabelText('Roe Deer female target'), '6');
    expect(screen.queryByLabelText('Roe Deer juvenile target')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Separate targets for juveniles' }));
    await user.type(screen.getByLabelText('Roe Deer juvenile target'), '2');
    await user.click(screen.getByRole('button', { name: 'Save plan' }));
    await screen.findByText(`Cull plan for ${label(CURRENT)} saved`);
    // The progress read next waits for the plan to be counted.
    await user.click(screen.getByRole('link', { name: 'Progress on the dashboard' }));
    await waitFor(() =>
      expect(api.callsTo(`GET /api/plans/${CURRENT}/progress`).at(-1)?.url.searchParams.get('after')).toBe(
        String(held.position),
      ),
    );
    const body = api.callsTo(`PUT /api/plans/${CURRENT}`)[0]?.body as PutPlansRequest;
    expect(body.plans).toEqual([
      { ground_id: wood.id, targets: [{ species: 'Muntjac', class: 'Male', target: 3 }] },
      {
        ground_id: null,
        targets: [
          { species: 'Roe Deer', class: 'Male', target: 4 },
          { species: 'Roe Deer', class: 'Female', target: 6 },
          { species: 'Roe Deer', class: 'Juvenile', target: 2 },
        ],
      },
    ]);
  });

  it("edits one ground's plan, shown as it was", async () => {
    const { api, held, wood, user } = serve();
    held.plans[CURRENT] = [
      { ground_id: wood.id, targets: [{ species: 'Muntjac', class: 'Male', target: 3 }] },
    ];
    await renderApp('/plans');
    await screen.findByLabelText('Muntjac male target');
    await choose(user, 'Plan for', 'Home Wood');
    const muntjac = screen.getByLabelText('Muntjac male target');
    expect(muntjac).toHaveValue(3);
    await user.clear(muntjac);
    await user.type(muntjac, '5');
    await user.click(screen.getByRole('button', { name: 'Save plan' }));
    await waitFor(() => expect(api.callsTo(`PUT /api/plans/${CURRENT}`)).toHaveLength(1));
    expect(held.plans[CURRENT]).toEqual([
      { ground_id: wood.id, targets: [{ species: 'Muntjac', class: 'Male', target: 5 }] },
    ]);
  });

  it('refuses a target that is not a whole number, and sends nothing', async () => {
    const { api, user } = serve();
    await renderApp('/plans');
    await user.type(await screen.findByLabelText('Red Deer male target'), '1.5');
    await user.click(screen.getByRole('button', { name: 'Save plan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The target for Red Deer male must be a whole number of 0 or more',
    );
    expect(api.callsTo(`PUT /api/plans/${CURRENT}`)).toHaveLength(0);
  });
});

describe('the season start', () => {
  it('is 1 April or 1 August, changed on Your data', async () => {
    const { api, held, user } = serve();
    await renderApp('/your-data');
    await waitFor(() => expect(choiceList('Season starts on')).toHaveDisplayValue('1 April'));
    await choose(user, 'Season starts on', '1 August');
    await screen.findByText('Seasons now start on 1 August');
    expect(api.callsTo('PATCH /api/settings')[0]?.body).toEqual({ season_start: '08-01' });
    expect(held.settings.season_start).toBe('08-01');
  });
});

describe('the CSV export by season', () => {
  it('asks for the season chosen, or every record', async () => {
    const { api, user } = serve();
    api.on('GET /api/culls', () => json({ items: [makeCull()], total: 1, page: 1, page_size: 10 }));
    api.on(
      'GET /api/exports/culls.csv',
      () => new Response('date\n', { headers: { 'content-type': 'text/csv' } }),
    );
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() }),
    );
    await renderApp('/data');
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(api.callsTo('GET /api/exports/culls.csv')).toHaveLength(1));
    expect(api.callsTo('GET /api/exports/culls.csv')[0]?.url.search).toBe('');
    await choose(user, 'Export season', label(PREVIOUS));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(api.callsTo('GET /api/exports/culls.csv')).toHaveLength(2));
    expect(api.callsTo('GET /api/exports/culls.csv')[1]?.url.searchParams.get('season')).toBe(PREVIOUS);
  });
});
