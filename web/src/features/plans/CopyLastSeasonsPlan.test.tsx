import { currentSeason } from '@cull-log/domain';
import type { Plan, PlanAllocation, PutPlansRequest, Team, TeamMember } from '@cull-log/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json, makeGround, serveManagement, USER } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';
import { choose } from '../../testing/ui';

const CURRENT = currentSeason(new Date()).key;
const PREVIOUS = `${Number(CURRENT.slice(0, 4)) - 1}-${CURRENT.slice(2, 4)}`;
const label = (key: string) => key.replace('-', '/');

const wood = makeGround({ name: 'Home Wood' });
const lastSeason: Plan[] = [
  {
    ground_id: null,
    targets: [
      { species: 'Roe Deer', class: 'Male', target: 4 },
      { species: 'Roe Deer', class: 'Female', target: 6 },
      { species: 'Roe Deer', class: 'Juvenile', target: 2 },
    ],
  },
  { ground_id: wood.id, targets: [{ species: 'Muntjac', class: 'Female', target: 3 }] },
];

function serve(plans: Record<string, Plan[]>) {
  const api = fakeApi().signedInAs();
  const held = serveManagement(api, { grounds: [wood], plans });
  return { api, held, user: userEvent.setup({ delay: null }) };
}

describe('copying last season’s plan', () => {
  it('fills every ground’s targets from last season, and saves them as this season’s only when saved', async () => {
    const { api, held, user } = serve({
      [PREVIOUS]: lastSeason,
      [CURRENT]: [{ ground_id: null, targets: [{ species: 'Red Deer', class: 'Male', target: 9 }] }],
    });
    await renderApp('/plans');
    expect(await screen.findByLabelText('Red Deer male target')).toHaveValue(9);

    await user.click(screen.getByRole('button', { name: 'Copy last season’s plan' }));
    expect(
      await screen.findByText(
        `The ${label(PREVIOUS)} plan is copied into ${label(CURRENT)}: check it and save it.`,
      ),
    ).toBeInTheDocument();
    expect(api.callsTo(`GET /api/plans/${PREVIOUS}`)).toHaveLength(1);
    expect(screen.getByLabelText('Roe Deer male target')).toHaveValue(4);
    expect(screen.getByLabelText('Roe Deer female target')).toHaveValue(6);
    expect(screen.getByRole('checkbox', { name: 'Separate targets for juveniles' })).toBeChecked();
    expect(screen.getByLabelText('Roe Deer juvenile target')).toHaveValue(2);
    expect(screen.getByLabelText('Red Deer male target')).toHaveValue(null);
    await choose(user, 'Plan for', 'Home Wood');
    expect(screen.getByLabelText('Muntjac female target')).toHaveValue(3);
    expect(api.callsTo(`PUT /api/plans/${CURRENT}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Save plan' }));
    await screen.findByText(`Cull plan for ${label(CURRENT)} saved`);
    const body = api.callsTo(`PUT /api/plans/${CURRENT}`)[0]?.body as PutPlansRequest;
    expect(body.plans).toEqual(expect.arrayContaining(lastSeason));
    expect(body.plans).toHaveLength(2);
    expect(held.plans[PREVIOUS]).toEqual(lastSeason);
  });

  it('says so when last season has no plan, and leaves this season’s as it was', async () => {
    const mine: Plan[] = [{ ground_id: null, targets: [{ species: 'Red Deer', class: 'Male', target: 9 }] }];
    const { api, user } = serve({ [CURRENT]: mine });
    await renderApp('/plans');
    expect(await screen.findByLabelText('Red Deer male target')).toHaveValue(9);
    await user.click(screen.getByRole('button', { name: 'Copy last season’s plan' }));
    expect(await screen.findByText(`The ${label(PREVIOUS)} season has no plan to copy.`)).toBeInTheDocument();
    expect(screen.getByLabelText('Red Deer male target')).toHaveValue(9);
    expect(api.callsTo(`PUT /api/plans/${CURRENT}`)).toHaveLength(0);
  });

  it('copies from the season before the one chosen', async () => {
    const before = `${Number(PREVIOUS.slice(0, 4)) - 1}-${PREVIOUS.slice(2, 4)}`;
    const { api, user } = serve({
      [before]: [{ ground_id: null, targets: [{ species: 'Sika Deer', class: 'Female', target: 7 }] }],
    });
    await renderApp('/plans');
    await choose(user, 'Season', label(PREVIOUS));
    await user.click(await screen.findByRole('button', { name: 'Copy last season’s plan' }));
    await waitFor(() => expect(screen.getByLabelText('Sika Deer female target')).toHaveValue(7));
    expect(api.callsTo(`GET /api/plans/${before}`)).toHaveLength(1);
  });
});

describe('copying a team’s plan', () => {
  const TEAM_ID = '7f0c8a52-3a1e-4c9b-9a52-1d3f0e7b6a01';
  const northBeat = makeGround({ id: '10000000-0000-4000-8000-00000000a001', name: 'North Beat' });
  const bob: TeamMember = { uid: 'user-bob', name: 'Bob Rifle', role: 'stalker' };
  const team = (role: Team['role']): Team => ({
    id: TEAM_ID,
    name: 'Glen Syndicate',
    kind: 'syndicate',
    role,
  });
  const teamPlans: Plan[] = [
    { ground_id: northBeat.id, targets: [{ species: 'Roe Deer', class: 'Female', target: 12 }] },
  ];
  const teamShares: PlanAllocation[] = [
    { uid: bob.uid, ground_id: northBeat.id, species: 'Roe Deer', class: 'Female', target: 4 },
    // A member who has since left the team: the share is not copied.
    { uid: 'user-gone', ground_id: northBeat.id, species: 'Roe Deer', class: 'Female', target: 2 },
  ];

  function serveTeam(role: Team['role']) {
    const api = fakeApi()
      .signedInAs()
      .on('GET /api/teams', () => json({ items: [team(role)] }))
      .on(`GET /api/teams/${TEAM_ID}`, () => json(team(role)))
      .on(`GET /api/teams/${TEAM_ID}/members`, () =>
        json({ members: [{ uid: USER.uid, name: 'Ann Stalker', role }, bob] }),
      )
      .on('GET /api/settings', () => json({ season_start: '04-01' }))
      .on('GET /api/grounds', ({ url }) =>
        json({ items: url.searchParams.get('team') === TEAM_ID ? [northBeat] : [wood] }),
      )
      .onPattern('GET', /^\/api\/plans\/([^/]+)$/, ({ url }, [season]) => {
        if (url.searchParams.get('team') !== TEAM_ID) return apiError(400, 'validation_failed', 'No team');
        const last = season === PREVIOUS;
        return json({
          season: label(season ?? ''),
          from: '',
          to: '',
          plans: last ? teamPlans : [],
          allocations: last ? teamShares : [],
          updated_at: null,
        });
      })
      .onPattern('PUT', /^\/api\/plans\/([^/]+)$/, ({ body }) =>
        json({ season: label(CURRENT), from: '', to: '', ...(body as PutPlansRequest), updated_at: null }),
      );
    localStorage.setItem(`cull-log:team:${USER.uid}`, JSON.stringify(TEAM_ID));
    return api;
  }

  it('copies the team’s targets and its members’ shares, and saves them for the team', async () => {
    const api = serveTeam('manager');
    const user = userEvent.setup({ delay: null });
    await renderApp('/plans');
    await user.click(await screen.findByRole('button', { name: 'Copy last season’s plan' }));
    await screen.findByText(
      `The ${label(PREVIOUS)} plan is copied into ${label(CURRENT)}: check it and save it.`,
    );
    expect(api.callsTo(`GET /api/plans/${PREVIOUS}`)[0]?.url.searchParams.get('team')).toBe(TEAM_ID);
    await choose(user, 'Plan for', 'North Beat');
    expect(screen.getByLabelText('Roe Deer female target')).toHaveValue(12);
    expect(await screen.findByRole('list', { name: 'Shares on North Beat' })).toHaveTextContent(
      'Bob Rifle: 4 Roe Deer female',
    );
    await user.click(screen.getByRole('button', { name: 'Save plan' }));
    await waitFor(() => expect(api.callsTo(`PUT /api/plans/${CURRENT}`)).toHaveLength(1));
    const put = api.callsTo(`PUT /api/plans/${CURRENT}`)[0];
    expect(put?.url.searchParams.get('team')).toBe(TEAM_ID);
    expect(put?.body).toEqual({ plans: teamPlans, allocations: [teamShares[0]] });
  });

  it('is not offered to a member who does not manage the team', async () => {
    serveTeam('stalker');
    await renderApp('/plans');
    expect(await screen.findByText('Only a manager of the team changes its plan.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy last season’s plan' })).toBeNull();
  });
});
