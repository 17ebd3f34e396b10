import type {
  CullView,
  LarderEntry,
  Permit,
  PlanAllocation,
  PlanMemberProgressRow,
  PlanProgressRow,
  StatsResponse,
  Team,
  TeamMember,
  TeamRole,
} from '@cull-log/contracts';
import { groundTrends } from '@cull-log/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json, makeCull, makeGround, USER } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';
import { choiceList, choose } from '../../testing/ui';

const TEAM_ID = '7f0c8a52-3a1e-4c9b-9a52-1d3f0e7b6a01';
const OTHER_TEAM_ID = '4d2b9e0c-5a61-4f7e-8c3d-2b1a0f9e8d7c';
const glen = (role: TeamRole = 'manager'): Team => ({
  id: TEAM_ID,
  name: 'Glen Syndicate',
  kind: 'syndicate',
  role,
});
const vale: Team = { id: OTHER_TEAM_ID, name: 'Vale Estate', kind: 'estate', role: 'stalker' };
const ann: TeamMember = { uid: USER.uid, name: 'Ann Stalker', role: 'manager' };
const bob: TeamMember = { uid: 'user-bob', name: 'Bob Rifle', role: 'stalker' };
const gus: TeamMember = { uid: 'user-gus', name: 'Gus Guest', role: 'guest' };
const northBeat = makeGround({ id: '10000000-0000-4000-8000-00000000a001', name: 'North Beat' });
const southBeat = makeGround({ id: '10000000-0000-4000-8000-00000000a002', name: 'South Beat' });
const STORED_CHOICE = `cull-log:team:${USER.uid}`;

const mine = {
  ...makeCull({ date: '2026-11-03', location_name: 'Crag Top', ground_name: 'North Beat' }),
  culled_by: { uid: USER.uid, name: 'Ann Stalker' },
};
const bobs = {
  ...makeCull({
    date: '2026-11-04',
    location_name: 'Burn Side',
    created_by: 'user-bob',
    ground_name: 'North Beat',
  }),
  culled_by: { uid: 'user-bob', name: 'Bob Rifle' },
};
const formers: CullView = {
  ...makeCull({ date: '2026-10-01', created_by: 'gone' }),
  culled_by: { name: 'Former member' },
};

const page = (items: CullView[]) => json({ items, total: items.length, page: 1, page_size: 10 });
const asked = (request: { url: URL }, name: string) => request.url.searchParams.get(name);

/** A signed-in Ann in Glen Syndicate (in `role`) and Vale Estate, the team's reads answering only with `?team=`. */
function serveTeams(role: TeamRole = 'manager') {
  const permits: Permit[] = [
    {
      id: 'permit-1',
      uid: gus.uid,
      ground_ids: [northBeat.id],
      starts_on: '2026-11-01',
      ends_on: '2026-11-30',
    },
  ];
  const api = fakeApi()
    .signedInAs()
    .on('GET /api/teams', () => json({ items: [glen(role), vale] }))
    .on(`GET /api/teams/${TEAM_ID}`, () => json(glen(role)))
    .on(`GET /api/teams/${TEAM_ID}/members`, () => json({ members: [{ ...ann, role }, bob, gus] }))
    .on(`GET /api/teams/${TEAM_ID}/invites`, () => json({ invites: [] }))
    .on(`GET /api/teams/${TEAM_ID}/permits`, () => json({ permits }))
    .on(`POST /api/teams/${TEAM_ID}/permits`, (request) => {
      const body = request.body as Omit<Permit, 'id'>;
      permits.push({ id: 'permit-2', ...body });
      return json({ id: 'permit-2', ...body }, 201);
    })
    .onPattern('DELETE', /^\/api\/teams\/[^/]+\/permits\/([^/]+)$/, (_request, [id]) => {
      permits.splice(
        permits.findIndex((permit) => permit.id === id),
        1,
      );
      return new Response(null, { status: 204 });
    })
    .on('GET /api/settings', () => json({ season_start: '04-01' }))
    .on('GET /api/grounds', (request) =>
      json({
        items:
          asked(request, 'team') === TEAM_ID ? [northBeat, southBeat] : [makeGround({ name: 'Home Wood' })],
      }),
    )
    .on('GET /api/culls', (request) => {
      if (asked(request, 'team') === null) return page([makeCull({ location_name: 'My own wood' })]);
      if (asked(request, 'team') !== TEAM_ID) return apiError(404, 'not_found', 'Team not found');
      const member = asked(request, 'member');
      return page([mine, bobs, formers].filter((cull) => member === null || cull.culled_by?.uid === member));
    });
  return api;
}

const chooseTeamInHeader = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
  const switcher = await screen.findByRole('combobox', { name: 'Whose records to show' });
  await user.selectOptions(switcher, await within(switcher).findByRole('option', { name }));
};

describe('the team switcher', () => {
  it('offers My diary and each team, and keeps the choice for this user across a reload', async () => {
    const api = serveTeams();
    const user = userEvent.setup();
    await renderApp('/data');
    const switcher = await screen.findByRole('combobox', { name: 'Whose records to show' });
    expect(
      within(switcher)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['My diary', 'Glen Syndicate', 'Vale Estate']);
    expect(await screen.findByText('My own wood')).toBeInTheDocument();

    await chooseTeamInHeader(user, 'Glen Syndicate');
    expect(await screen.findByText('Burn Side')).toBeInTheDocument();
    expect(api.callsTo('GET /api/culls').at(-1)?.url.searchParams.get('team')).toBe(TEAM_ID);
    expect(JSON.parse(localStorage.getItem(STORED_CHOICE) ?? 'null')).toBe(TEAM_ID);

    cleanup();
    await renderApp('/data');
    expect(await screen.findByText('Burn Side')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Whose records to show' })).toHaveValue(TEAM_ID);

    await chooseTeamInHeader(user, 'My diary');
    expect(await screen.findByText('My own wood')).toBeInTheDocument();
    expect(localStorage.getItem(STORED_CHOICE)).toBeNull();
  });

  it('is not shown to a user in no team, and a team the user has left falls back to their own diary', async () => {
    const api = serveTeams().on('GET /api/teams', () => json({ items: [] }));
    localStorage.setItem(STORED_CHOICE, JSON.stringify(TEAM_ID));
    await renderApp('/data');
    expect(await screen.findByText('My own wood')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Whose records to show' })).toBeNull();
    expect(api.callsTo('GET /api/culls').at(-1)?.url.searchParams.get('team')).toBeNull();
  });

  it('is kept per user: another user of the same device starts in their own diary', async () => {
    serveTeams();
    localStorage.setItem('cull-log:team:someone-else', JSON.stringify(TEAM_ID));
    await renderApp('/data');
    expect(await screen.findByText('My own wood')).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Whose records to show' })).toHaveValue('own');
  });
});

describe('a team’s records', () => {
  it('say who culled each, filter by member, and offer Edit and Delete on the user’s own only', async () => {
    const api = serveTeams('stalker');
    localStorage.setItem(STORED_CHOICE, JSON.stringify(TEAM_ID));
    const user = userEvent.setup();
    await renderApp('/data');
    const table = await screen.findByRole('grid', { name: 'Cull records' });
    expect(within(table).getByRole('columnheader', { name: 'Culled by' })).toBeInTheDocument();
    const rowWith = (text: string) =>
      within(table)
        .getAllByRole('row')
        .find((row) => row.textContent?.includes(text));
    const bobRow = rowWith('Burn Side')!;
    expect(bobRow).toHaveTextContent('Bob Rifle');
    expect(within(bobRow).queryByRole('link', { name: /^Edit/ })).toBeNull();
    expect(within(bobRow).queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(within(rowWith('Crag Top')!).getByRole('link', { name: /^Edit/ })).toBeInTheDocument();
    expect(rowWith('Former member')).toBeDefined();

    await choose(user, 'Culled by', 'Bob Rifle');
    await waitFor(() => expect(rowWith('Crag Top')).toBeUndefined());
    const last = api.callsTo('GET /api/culls').at(-1);
    expect(last?.url.searchParams.get('member')).toBe('user-bob');
    expect(last?.url.searchParams.get('team')).toBe(TEAM_ID);
  });

  it('export as the team’s CSV', async () => {
    const api = serveTeams().on(
      'GET /api/exports/culls.csv',
      () => new Response('date\n', { headers: { 'content-type': 'text/csv' } }),
    );
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() }),
    );
    localStorage.setItem(STORED_CHOICE, JSON.stringify(TEAM_ID));
    const user = userEvent.setup();
    await renderApp('/data');
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(api.callsTo('GET /api/exports/culls.csv')).toHaveLength(1));
    expect(api.callsTo('GET /api/exports/culls.csv')[0]?.url.searchParams.get('team')).toBe(TEAM_ID);
  });

  it('show a viewer no way to add or change a record', async () => {
    serveTeams('viewer');
    localStorage.setItem(STORED_CHOICE, JSON.stringify(TEAM_ID));
    await renderApp('/data');
    const table = await screen.findByRole('grid', { name: 'Cull records' });
    // The menu's own Add Cull stays: it records in the user's own diary.
    expect(within(screen.getByRole('main')).queryByRole('link', { name: '+ Add Cull' })).toBeNull();
    expect(within(table).queryAllByRole('link', { name: /^Edit/ })).toHaveLength(0);
    expect(within(table).queryAllByRole('button', { name: /^Delete/ })).toHaveLength(0);
  });

  it('open another member’s record through the team, to read, not to change', async () => {
    const api = serveTeams('stalker').onPattern('GET', /^\/api\/culls\/([^/]+)$/, (request, [id]) =>
      asked(request, 'team') === TEAM_ID && id === bobs.id
        ? json(bobs)
        : apiError(404, 'not_found', 'Cull record not found'),
    );
    localStorage.setItem(STORED_CHOICE, JSON.stringify(TEAM_ID));
    await renderApp(`/view-cull/${bobs.id}`);
    expect(await screen.findByText('Culled by Bob Rifle')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    const reads = api.calls.filter((call) => call.url.pathname === `/api/culls/${bobs.id}`);
    expect(reads[0]?.url.searchParams.get('team')).toBeNull();
    expect(reads.at(-1)?.url.searchParams.get('team')).toBe(TEAM_ID);
  });
});

const stats: StatsResponse = {
  total_culls: 9,
  this_month: 2,
  species_breakdown: { 'Roe Deer': 9 },
  average_weight: 14,
  top_species: 'Roe Deer',
  per_month: [{ month: '2026-11', count: 2 }],
  season: {
    label: '2026/27',
    from: '2026-04-01',
    to: '2027-03-31',
    species_by_sex: { 'Roe Deer': { Female: 9 } },
  },
  position: 3,
};
const teamRow: PlanProgressRow = {
  ground_id: northBeat.id,
  species: 'Roe Deer',
  class: 'Female',
  target: 12,
  actual: 9,
  left: 3,
  exceeded: false,
};
const annsRow: PlanMemberProgressRow = {
  uid: USER.uid,
  name: 'Ann',
  ground_id: northBeat.id,
  species: 'Roe Deer',
  class: 'Female',
  target: 3,
  actual: 2,
};

describe('the team dashboard', () => {
  it('reads the team’s figures and plan progress, member by member, and its season report', async () => {
    const api = serveTeams('viewer')
      .on('GET /api/stats', (request) =>
        asked(request, 'team') === TEAM_ID ? json(stats) : apiError(400, 'validation_failed', 'No team'),
      )
      .onPattern('GET', /^\/api\/plans\/([^/]+)\/progress$/, (request) =>
        json({
          season: '2026/27',
          from: '2026-04-01',
          to: '2027-03-31',
          rows: asked(request, 'team') === TEAM_ID ? [teamRow] : [],
          members: asked(request, 'team') === TEAM_ID ? [annsRow] : undefined,
          position: 3,
        }),
      )
      .on(
        'GET /api/reports/season.pdf',
        () => new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } }),
      );
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() }),
    );
    localStorage.setItem(STORED_CHOICE, JSON.stringify(TEAM_ID));
    const user = userEvent.setup();
    await renderApp('/dashboard');
    expect(await screen.findByText('Ann 2 of 3 Roe Deer female; team 9 of 12')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Plan progress: North Beat' })).toHaveTextContent(
      '9 of 12: 3 left',
    );
    expect(within(screen.getByRole('main')).queryByRole('link', { name: '+ Add Cull' })).toBeNull();
    expect(screen.getByRole('link', { name: 'The team’s plan' })).toHaveAttribute('href', '/plans');
    await user.click(screen.getByRole('button', { name: 'Download season report (PDF)' }));
    await waitFor(() => expect(api.callsTo('GET /api/reports/season.pdf')).toHaveLength(1));
    expect(api.callsTo('GET /api/reports/season.pdf')[0]?.url.searchParams.get('team')).toBe(TEAM_ID);
  });
});

describe('the team map', () => {
  it('reads the team’s located records and grounds', async () => {
    const api = serveTeams('viewer').on('GET /api/culls/map-points', (request) =>
      json({
        species: ['Roe Deer'],
        points: asked(request, 'team') === TEAM_ID ? [[57.1, -3.2, 0]] : [],
        truncated: false,
      }),
    );
    localStorage.setItem(STORED_CHOICE, JSON.stringify(TEAM_ID));
    await renderApp('/map');
    expect(await screen.findByText('1 record with coordinates')).toBeInTheDocument();
    expect(screen.getByText(/every member’s located culls on the team’s grounds/)).toHaveTextContent(
      'Glen Syndicate:',
    );
    expect(api.callsTo('GET /api/culls/map-points').at(-1)?.url.searchParams.get('team')).toBe(TEAM_ID);
    expect(choiceList('Ground')).toHaveTextContent('North Beat');
  });

  it('asks for a marker’s records through the team', async () => {
    const api = serveTeams().on('GET /api/culls/at', () => json({ items: [] }));
    const { fetchCullsAt } = await import('../map/api');
    await fetchCullsAt({ latitude: 57.1, longitude: -3.2 }, undefined, TEAM_ID);
    const call = api.callsTo('GET /api/culls/at')[0];
    expect(call?.url.searchParams.get('team')).toBe(TEAM_ID);
    expect(call?.url.searchParams.get('latitude')).toBe('57.1');
  });
});

/** The team's plan for a season, as the plans service keeps it, with its members' shares. */
function servePlan(api: ReturnType<typeof serveTeams>) {
  let allocations: PlanAllocation[] = [
    { uid: 'user-bob', ground_id: northBeat.id, species: 'Roe Deer', class: 'Female', target: 4 },
  ];
  let plans = [{ ground_id: northBeat.id, targets: [{ species: 'Roe Deer', class: 'Female', target: 12 }] }];
  const answer = () =>
    json({ season: '2026/27', from: '2026-04-01', to: '2027-03-31', plans, allocations, updated_at: null });
  api
    .onPattern('GET', /^\/api\/plans\/([^/]+)$/, (request) =>
      asked(request, 'team') === TEAM_ID ? answer() : apiError(400, 'validation_failed', 'No team'),
    )
    .onPattern('PUT', /^\/api\/plans\/([^/]+)$/, (request) => {
      const body = request.body as { plans: typeof plans; allocations: PlanAllocation[] };
      plans = body.plans;
      allocations = body.allocations;
      return answer();
    });
}

describe('the team plan', () => {
  it('lets a manager share a ground’s targets among members and saves them with the plan', async () => {
    const api = serveTeams('manager');
    servePlan(api);
    localStorage.setItem(STORED_CHOICE, JSON.stringify(TEAM_ID));
    const user = userEvent.setup();
    await renderApp('/plans');
    await choose(user, 'Plan for', 'North Beat');
    const shares = await screen.findByRole('list', { name: 'Shares on North Beat' });
    expect(shares).toHaveTextContent('Bob Rifle: 4 Roe Deer female');
    await choose(user, 'Member', 'Ann Stalker');
    await choose(user, 'Species and sex', 'Roe Deer female');
    await user.type(screen.getByRole('spinbutton', { name: 'Share' }), '3');
    await user.click(screen.getByRole('button', { name: 'Add share' }));
    expect(shares).toHaveTextContent('Ann Stalker: 3 Roe Deer female');
    await user.click(screen.getByRole('button', { name: 'Save plan' }));
    await waitFor(() => expect(api.callsTo('PUT /api/plans/2026-27')).toHaveLength(1));
    const put = api.callsTo('PUT /api/plans/2026-27')[0];
    expect(put?.url.searchParams.get('team')).toBe(TEAM_ID);
    expect((put?.body as { allocations: PlanAllocation[] }).allocations).toEqual([
      { uid: 'user-bob', ground_id: northBeat.id, species: 'Roe Deer', class: 'Female', target: 4 },
      { uid: USER.uid, ground_id: northBeat.id, species: 'Roe Deer', class: 'Female', target: 3 },
    ]);
  });

  it('is read, not changed, by a member who is not a manager', async () => {
    const api = serveTeams('stalker');
    servePlan(api);
    localStorage.setItem(STORED_CHOICE, JSON.stringify(TEAM_ID));
    const user = userEvent.setup();
    await renderApp('/plans');
    expect(await screen.findByText('Only a manager of the team changes its plan.')).toBeInTheDocument();
    await choose(user, 'Plan for', 'North Beat');
    expect(await screen.findByRole('list', { name: 'Shares on North Beat' })).toHaveTextContent('Bob Rifle');
    expect(screen.getByRole('spinbutton', { name: 'Roe Deer female target' })).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save plan' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add share' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
  });
});

const carcass = (overrides: Partial<LarderEntry>): LarderEntry => ({
  id: crypto.randomUUID(),
  date: '2026-11-02',
  time: '07:15',
  location_name: 'Burn Side',
  species: 'Roe Deer',
  sex: 'Female',
  age_estimate: 'Adult',
  inspection_result: 'Not examined',
  ...overrides,
});

describe('the team larder book', () => {
  it('names who culled each carcass, declares only the user’s own, and downloads the team’s CSV', async () => {
    const api = serveTeams('stalker')
      .on('GET /api/larder', (request) =>
        json({
          season: { label: '2026/27', from: '2026-04-01', to: '2027-03-31' },
          seasons: [{ label: '2026/27', carcasses: 2 }],
          items:
            asked(request, 'team') === TEAM_ID
              ? [
                  carcass({ carcass_tag: 'T-1', culled_by: { uid: 'user-bob', name: 'Bob Rifle' } }),
                  carcass({ carcass_tag: 'T-2', culled_by: { uid: USER.uid, name: 'Ann Stalker' } }),
                ]
              : [],
          position: 1,
        }),
      )
      .on('GET /api/larder.csv', () => new Response('date\n', { headers: { 'content-type': 'text/csv' } }));
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() }),
    );
    localStorage.setItem(STORED_CHOICE, JSON.stringify(TEAM_ID));
    const user = userEvent.setup();
    await renderApp('/larder');
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Culled by' })).toBeInTheDocument();
    const [, bobsRow, annsRow] = within(table).getAllByRole('row');
    expect(bobsRow).toHaveTextContent('Bob Rifle');
    expect(within(bobsRow!).queryByRole('checkbox')).toBeNull();
    expect(within(bobsRow!).getByText('Declared by Bob Rifle')).toBeInTheDocument();
    expect(within(annsRow!).getByRole('checkbox')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(api.callsTo('GET /api/larder.csv')).toHaveLength(1));
    expect(api.callsTo('GET /api/larder.csv')[0]?.url.searchParams.get('team')).toBe(TEAM_ID);
  });
});

describe('guests’ permits', () => {
  it('are listed for a manager with their grounds and days, granted to a guest and ended', async () => {
    const api = serveTeams('manager').on('GET /api/culls', () => page([]));
    const user = userEvent.setup();
    await renderApp(`/teams/${TEAM_ID}`);
    const permits = await screen.findByRole('list', { name: 'Permits' });
    await waitFor(() => expect(permits).toHaveTextContent('Gus Guest: North Beat, 01/11/2026 to 30/11/2026'));

    const form = screen.getByRole('form', { name: 'Grant a permit' });
    await user.click(within(form).getByRole('button', { name: 'Grant permit' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Choose the guest');
    expect(
      within(choiceList('Guest'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select...', 'Gus Guest']);
    await choose(user, 'Guest', 'Gus Guest');
    await user.click(within(form).getByRole('checkbox', { name: 'South Beat' }));
    await user.type(within(form).getByLabelText('First day'), '2026-12-01');
    await user.type(within(form).getByLabelText('Last day'), '2026-12-14');
    await user.click(within(form).getByRole('button', { name: 'Grant permit' }));
    await waitFor(() => expect(permits).toHaveTextContent('Gus Guest: South Beat, 01/12/2026 to 14/12/2026'));
    expect(api.callsTo(`POST /api/teams/${TEAM_ID}/permits`)[0]?.body).toEqual({
      uid: gus.uid,
      ground_ids: [southBeat.id],
      starts_on: '2026-12-01',
      ends_on: '2026-12-14',
    });

    await user.click(within(permits).getAllByRole('button', { name: 'End Gus Guest’s permit' })[0]!);
    await waitFor(() => expect(permits).not.toHaveTextContent('01/11/2026'));
    expect(api.callsTo(`DELETE /api/teams/${TEAM_ID}/permits/permit-1`)).toHaveLength(1);
  });

  it('are not shown to a member who is not a manager', async () => {
    const api = serveTeams('stalker').on('GET /api/culls', () => page([]));
    await renderApp(`/teams/${TEAM_ID}`);
    expect(await screen.findByRole('heading', { name: 'Members' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Guests’ permits' })).toBeNull();
    expect(api.callsTo(`GET /api/teams/${TEAM_ID}/permits`)).toHaveLength(0);
  });
});

describe('the team’s grounds', () => {
  it('open a ground’s trends through the team, the answer gathered from every member', async () => {
    // Two counts of roe on North Beat's 2 km² this season, the later (by any member) 12 deer: 6 a km².
    const answer = groundTrends({
      groundId: northBeat.id,
      areaKm2: 2,
      seasonStart: '04-01',
      now: new Date('2026-11-05T12:00:00Z'),
      counts: [
        { ...roeCount('2026-05-01', 8), created_at: '2026-05-01T12:00:00Z' },
        { ...roeCount('2026-10-01', 12), created_at: '2026-10-01T12:00:00Z' },
      ],
      outings: [],
      culls: [],
    });
    const api = serveTeams('stalker')
      .on('GET /api/culls', () => page([]))
      .on(`GET /api/grounds/${northBeat.id}/trends`, (request) =>
        asked(request, 'team') === TEAM_ID ? json(answer) : apiError(404, 'not_found', 'Ground not found'),
      );
    const user = userEvent.setup();
    await renderApp(`/teams/${TEAM_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Trends on North Beat' }));
    const roe = await screen.findByRole('article', { name: 'Roe Deer' });
    await user.click(within(roe).getByText('Figures by season'));
    const table = within(roe).getByRole('table', { name: 'Roe Deer on North Beat by season' });
    expect(within(table).getAllByRole('row')[1]?.querySelectorAll('th, td')[1]?.textContent).toBe('12');
    expect(api.callsTo(`GET /api/grounds/${northBeat.id}/trends`).map((call) => asked(call, 'team'))).toEqual(
      [TEAM_ID],
    );
  });
});

describe('the counts on a team’s grounds', () => {
  const counted = (id: string, uid: string, name: string, deer: number) => ({
    id,
    ground_id: northBeat.id,
    date: '2026-11-01',
    method: 'vantage_point' as const,
    items: [{ species: 'Roe Deer', sex: 'Female', age_class: 'Adult', count: deer }],
    notes: null,
    dung: null,
    version: 1,
    created_at: '2026-11-01T08:00:00.000Z',
    updated_at: '2026-11-01T08:00:00.000Z',
    counted_by: { uid, name },
  });
  const density = {
    area_km2: 2,
    species: [
      { species: 'Roe Deer', count: 6, density_per_km2: 3, method: 'vantage_point', date: '2026-11-01' },
    ],
  };

  function serveCounts(role: TeamRole) {
    return serveTeams(role)
      .on('GET /api/culls', () => page([]))
      .on('GET /api/counts', (request) =>
        asked(request, 'team') === TEAM_ID && asked(request, 'ground') === northBeat.id
          ? json({
              items: [
                counted('count-bob', bob.uid, 'Bob Rifle', 6),
                counted('count-ann', USER.uid, 'Ann Stalker', 4),
              ],
            })
          : apiError(404, 'not_found', 'Ground not found'),
      )
      .on(`GET /api/grounds/${northBeat.id}/density`, (request) =>
        asked(request, 'team') === TEAM_ID ? json(density) : apiError(404, 'not_found', 'Ground not found'),
      );
  }

  it('show every member’s counts with who counted, the density through the team, and changes to the user’s own only', async () => {
    const api = serveCounts('stalker');
    const user = userEvent.setup();
    await renderApp(`/teams/${TEAM_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Show counts and density on North Beat' }));
    const list = await screen.findByRole('list', { name: 'Counts on North Beat' });
    const items = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(items.map((item) => within(item).getByText(/^Counted by/).textContent)).toEqual([
      'Counted by Bob Rifle',
      'Counted by Ann Stalker',
    ]);
    expect(within(items[0]!).queryByRole('button', { name: /Change/ })).toBeNull();
    expect(within(items[1]!).getByRole('button', { name: /Change/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: '+ Record a count' })).toBeInTheDocument();
    expect(
      api.callsTo(`GET /api/grounds/${northBeat.id}/density`).map((call) => asked(call, 'team')),
    ).toEqual([TEAM_ID]);
  });

  it('offer a viewer no way to record a count', async () => {
    serveCounts('viewer');
    const user = userEvent.setup();
    await renderApp(`/teams/${TEAM_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Show counts and density on North Beat' }));
    expect(await screen.findByRole('list', { name: 'Counts on North Beat' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '+ Record a count' })).toBeNull();
    // Only a count of their own (from before they were a viewer) is theirs to change.
    expect(screen.getAllByRole('button', { name: /^Change the/ })).toHaveLength(1);
  });
});

function roeCount(date: string, deer: number) {
  return {
    date,
    method: 'vantage_point' as const,
    items: [
      { species: 'Roe Deer' as const, sex: 'Unknown' as const, age_class: 'Adult' as const, count: deer },
    ],
    dung: null,
  };
}
