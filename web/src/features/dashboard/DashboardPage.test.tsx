import { MESSAGES, type RecordCullRequest, type StatsResponse } from '@cull-log/contracts';
import { currentSeason, londonDate, seasonMonths, seasonOfKey } from '@cull-log/domain';
import { sampleRecordRequest } from '@cull-log/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { openOutbox } from '../../api/outbox/outbox';
import { apiError, deferred, fakeApi, json, makeGround, USER } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';
import { choose } from '../../testing/ui';
import { formatMonth } from '../../lib/format';

const stats = (overrides: Partial<StatsResponse> = {}): StatsResponse => ({
  total_culls: 12,
  this_month: 3,
  species_breakdown: { 'Roe Deer': 7, Muntjac: 4, Fox: 1 },
  average_weight: 14.25,
  top_species: 'Roe Deer',
  per_month: [
    { month: '2025-02', count: 4 },
    { month: '2025-03', count: 3 },
  ],
  season: {
    label: '2024/25',
    from: '2024-04-01',
    to: '2025-03-31',
    species_by_sex: { 'Roe Deer': { Female: 5, Male: 2 } },
  },
  position: 40,
  ...overrides,
});

describe('dashboard', () => {
  it('shows loading, then the cards and both charts', async () => {
    const answer = deferred<Response>();
    fakeApi()
      .signedInAs()
      .on('GET /api/stats', () => answer.promise);
    await renderApp('/dashboard');
    expect(await screen.findByText('Loading dashboard...')).toBeInTheDocument();
    answer.resolve(json(stats()));

    const total = await screen.findByText('Total Culls');
    expect(total.parentElement).toHaveTextContent('12');
    expect(screen.getByText('This Month').parentElement).toHaveTextContent('3');
    expect(screen.getByText('Top Species').parentElement).toHaveTextContent('Roe Deer');
    expect(screen.getByText('Average Weight').parentElement).toHaveTextContent('14.3 kg');

    const species = screen.getByRole('list', { name: 'Culls by species' });
    expect(
      within(species)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Roe Deer7', 'Muntjac4', 'Fox1']);
    const months = screen.getByRole('table', { name: 'Culls per month' });
    expect(within(months).getByRole('rowheader', { name: 'Feb 2025' }).nextSibling).toHaveTextContent('4');
  });

  it('says No data available when there are no records', async () => {
    fakeApi()
      .signedInAs()
      .on('GET /api/stats', () =>
        json(
          stats({
            total_culls: 0,
            this_month: 0,
            species_breakdown: {},
            average_weight: null,
            top_species: null,
          }),
        ),
      );
    await renderApp('/dashboard');
    expect(await screen.findByText(MESSAGES.noData)).toBeInTheDocument();
  });

  it('reports a failure to load', async () => {
    fakeApi()
      .signedInAs()
      .on('GET /api/stats', () => apiError(503, 'service_unavailable', 'Stats are rebuilding'));
    await renderApp('/dashboard');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load dashboard data: Stats are rebuilding',
    );
  });
});

const CURRENT = currentSeason(new Date()).key;
const PREVIOUS = `${Number(CURRENT.slice(0, 4)) - 1}-${CURRENT.slice(2, 4)}`;
const label = (key: string) => key.replace('-', '/');

/** The figures of the season asked for, with one cull in each month of it, as the stats service answers them. */
function seasonStats(key: string, start: '04-01' | '08-01' = '04-01'): StatsResponse {
  const season = seasonOfKey(key, start);
  return stats({
    per_month: seasonMonths(season).map((month) => ({ month, count: 1 })),
    season: {
      label: season.label,
      from: season.from,
      to: season.to,
      species_by_sex: { 'Roe Deer': { Male: 12 } },
    },
    season_start: start,
  });
}

const monthRows = () =>
  within(screen.getByRole('table', { name: 'Culls per month' }))
    .getAllByRole('rowheader')
    .map((header) => header.textContent);

describe('the monthly chart', () => {
  it('runs the months of the season chosen, April to March, not the last twelve calendar months', async () => {
    const api = fakeApi()
      .signedInAs()
      .on('GET /api/settings', () => json({ season_start: '04-01' }))
      .on('GET /api/stats', ({ url }) => json(seasonStats(url.searchParams.get('season') ?? CURRENT)));
    const user = userEvent.setup({ delay: null });
    await renderApp('/dashboard');
    await screen.findByRole('heading', { name: `Season ${label(CURRENT)}` });
    const first = Number(CURRENT.slice(0, 4));
    expect(monthRows()).toHaveLength(12);
    expect(monthRows()[0]).toBe(`Apr ${first}`);
    expect(monthRows()[11]).toBe(`Mar ${first + 1}`);

    await choose(user, 'Season', label(PREVIOUS));
    await screen.findByRole('heading', { name: `Season ${label(PREVIOUS)}` });
    expect(api.callsTo('GET /api/stats').at(-1)?.url.searchParams.get('season')).toBe(PREVIOUS);
    expect(monthRows()[0]).toBe(`Apr ${first - 1}`);
    expect(monthRows()[11]).toBe(`Mar ${first}`);
  });

  it('runs from August for a user whose seasons start on 1 August', async () => {
    const start = '08-01';
    const key = currentSeason(new Date(), start).key;
    fakeApi()
      .signedInAs()
      .on('GET /api/settings', () => json({ season_start: start }))
      .on('GET /api/stats', ({ url }) => json(seasonStats(url.searchParams.get('season') ?? key, start)));
    await renderApp('/dashboard');
    await screen.findByRole('heading', { name: `Season ${label(key)}` });
    expect(monthRows()[0]).toBe(`Aug ${key.slice(0, 4)}`);
    expect(monthRows()[11]).toBe(`Jul ${Number(key.slice(0, 4)) + 1}`);
  });

  it('names the season when it has no culls', async () => {
    fakeApi()
      .signedInAs()
      .on('GET /api/stats', () =>
        json({
          ...seasonStats(CURRENT),
          per_month: seasonMonths(seasonOfKey(CURRENT)).map((month) => ({ month, count: 0 })),
        }),
      );
    await renderApp('/dashboard');
    expect(await screen.findByText(`No culls in the ${label(CURRENT)} season.`)).toBeInTheDocument();
  });
});

describe('records waiting on this device', () => {
  const outbox = openOutbox();
  afterEach(async () => {
    for (const item of await outbox.list(USER.uid)) await outbox.remove(item.seq);
  });

  const today = londonDate(new Date());
  const firstMonthOf = (key: string) => seasonOfKey(key).from;
  /** A month of this season other than this one, for a record made earlier. */
  const earlier =
    firstMonthOf(CURRENT).slice(0, 7) === today.slice(0, 7) ? seasonOfKey(CURRENT).to : firstMonthOf(CURRENT);
  const waiting = (recordId: string, body: Partial<RecordCullRequest>) =>
    outbox.add(USER.uid, { kind: 'create', recordId, body: sampleRecordRequest(body) });

  /** The server has the 12 sent; sending the waiting ones never finishes (no signal worth the name). */
  const serve = () =>
    fakeApi()
      .signedInAs()
      .on('GET /api/stats', () => json(seasonStats(CURRENT)))
      .on('POST /api/culls', () => new Promise<Response>(() => undefined));

  it('counts them in the figures with a mark and says what the mark means', async () => {
    await waiting('waiting-1', { date: today });
    await waiting('waiting-2', { date: earlier });
    serve();
    await renderApp('/dashboard');
    await waitFor(() =>
      expect(screen.getByText('Total Culls').parentElement).toHaveTextContent('12 + 2 waiting'),
    );
    expect(screen.getByText('This Month').parentElement).toHaveTextContent('3 + 1 waiting');
    expect(screen.getByText(/^\+ waiting:/)).toHaveTextContent(
      '+ waiting: 2 records made on this device are not yet sent. The figures count them once sent.',
    );
    const months = screen.getByRole('table', { name: 'Culls per month' });
    const monthName = (date: string) => formatMonth(date.slice(0, 7));
    expect(within(months).getByRole('rowheader', { name: monthName(today) }).nextSibling).toHaveTextContent(
      '1 + 1 waiting',
    );
    expect(within(months).getByRole('rowheader', { name: monthName(earlier) }).nextSibling).toHaveTextContent(
      '1 + 1 waiting',
    );
  });

  it('shows the figures, not "No data", when the only records are waiting', async () => {
    await waiting('waiting-1', { date: today });
    fakeApi()
      .signedInAs()
      .on('GET /api/stats', () =>
        json(
          stats({
            total_culls: 0,
            this_month: 0,
            species_breakdown: {},
            average_weight: null,
            top_species: null,
            per_month: seasonMonths(seasonOfKey(CURRENT)).map((month) => ({ month, count: 0 })),
          }),
        ),
      )
      .on('POST /api/culls', () => new Promise<Response>(() => undefined));
    await renderApp('/dashboard');
    await waitFor(() =>
      expect(screen.getByText('Total Culls').parentElement).toHaveTextContent('0 + 1 waiting'),
    );
    expect(screen.queryByText(MESSAGES.noData)).toBeNull();
  });

  it("on a team's dashboard counts only those on the team's grounds", async () => {
    const teamId = '7f0c8a52-3a1e-4c9b-9a52-1d3f0e7b6a01';
    const northBeat = makeGround({ id: '10000000-0000-4000-8000-00000000a001', name: 'North Beat' });
    const homeWood = makeGround({ id: '10000000-0000-4000-8000-00000000b001', name: 'Home Wood' });
    await waiting('on-the-team', { date: today, ground_id: northBeat.id });
    await waiting('my-own', { date: today, ground_id: homeWood.id });
    await waiting('nowhere', { date: today });
    const team = { id: teamId, name: 'Glen Syndicate', kind: 'syndicate', role: 'manager' };
    const api = serve()
      .on('GET /api/teams', () => json({ items: [team] }))
      .on(`GET /api/teams/${teamId}`, () => json(team))
      .on('GET /api/grounds', ({ url }) =>
        json({ items: url.searchParams.get('team') === teamId ? [northBeat] : [homeWood] }),
      );
    localStorage.setItem(`cull-log:team:${USER.uid}`, JSON.stringify(teamId));
    await renderApp('/dashboard');
    await waitFor(() =>
      expect(screen.getByText('Total Culls').parentElement).toHaveTextContent('12 + 1 waiting'),
    );
    expect(api.callsTo('GET /api/stats').at(-1)?.url.searchParams.get('team')).toBe(teamId);
  });
});

describe('the season section', () => {
  it('lists every carcass destination with its count, "Not recorded" too, and the legal warnings', async () => {
    const base = seasonStats(CURRENT);
    fakeApi()
      .signedInAs()
      .on('GET /api/stats', () =>
        json({
          ...base,
          season: {
            ...base.season,
            destinations: [
              { destination: 'Own use', count: 0 },
              { destination: 'Game dealer', count: 4 },
              { destination: 'Not recorded', count: 8 },
            ],
            warnings: [
              { code: 'close_season', warning: 'In the close season (Deer Act 1991, Schedule 1)', count: 2 },
              { code: 'night', warning: 'At night (section 3)', count: 1 },
            ],
          },
        }),
      );
    await renderApp('/dashboard');
    const pairs = (name: string) =>
      within(screen.getByLabelText(name))
        .getAllByRole('term')
        .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);
    await screen.findByRole('heading', { name: 'Carcass destinations' });
    expect(pairs('Carcass destinations')).toEqual(['Own use 0', 'Game dealer 4', 'Not recorded 8']);
    expect(pairs('Legal warnings')).toEqual([
      'In the close season (Deer Act 1991, Schedule 1) 2',
      'At night (section 3) 1',
    ]);
  });
});
