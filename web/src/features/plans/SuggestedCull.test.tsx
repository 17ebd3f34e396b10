import { DEER_MANAGEMENT_MESSAGES, type Team, type TeamRole } from '@cull-log/contracts';
import { currentSeason } from '@cull-log/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { boundaryOf } from '../../lib/geo';
import { fakeApi, json, makeGround, serveManagement, USER } from '../../testing/fake-api';
import { serveCounts, type HeldCount } from '../../testing/fake-counts';
import { renderApp } from '../../testing/render-app';
import { choose } from '../../testing/ui';

const SEASON = currentSeason(new Date()).key;

const homeWood = makeGround({
  name: 'Home Wood',
  boundary: boundaryOf([
    [52.5, -1.5],
    [52.5, -1.48],
    [52.51, -1.48],
    [52.51, -1.5],
  ])!,
});
const topField = makeGround({ name: 'Top Field' });

/** 40 roe counted on Home Wood from a high seat: a population well above a target of a few a km². */
const roeCount: HeldCount = {
  id: '30000000-0000-4000-8000-000000000801',
  ground_id: homeWood.id,
  date: '2026-03-20',
  method: 'vantage_point',
  items: [
    { species: 'Roe Deer', sex: 'Male', age_class: 'Adult', count: 15 },
    { species: 'Roe Deer', sex: 'Female', age_class: 'Adult', count: 25 },
  ],
  notes: null,
  dung: null,
  version: 1,
  created_at: '2026-03-20T09:00:00.000Z',
  updated_at: '2026-03-20T09:00:00.000Z',
};

async function openPlans(saved: Parameters<typeof serveCounts>[3] = {}) {
  const api = fakeApi().signedInAs();
  const state = serveManagement(api, { grounds: [homeWood, topField] });
  serveCounts(
    api,
    state,
    [{ ...roeCount }, { ...roeCount, id: roeCount.id.replace('801', '802'), ground_id: topField.id }],
    saved,
  );
  await renderApp('/plans');
  const section = await screen.findByRole('region', { name: 'Suggested cull' });
  const user = userEvent.setup({ delay: null });
  await user.click(within(section).getByRole('button', { name: 'Suggest a cull from the counts' }));
  return { api, state, section, user };
}

const suggestionCalls = (api: ReturnType<typeof fakeApi>, method: 'GET' | 'POST') =>
  api.callsTo(`${method} /api/plans/${SEASON}/suggestion`);

describe('the suggested cull', () => {
  it('opens with the values saved with the plan last accepted for the ground filled in, and works out from them', async () => {
    const saved = {
      [homeWood.id]: {
        species: [{ species: 'Roe Deer', target_density: 6, female_share: 60 }],
        seasons: 2,
      },
    };
    const { api, section, user } = await openPlans(saved);
    const target = await within(section).findByLabelText('Roe Deer target density (deer per km²)');
    await waitFor(() => expect(target).toHaveValue(6));
    expect(within(section).getByLabelText('Roe Deer female share (% of the cull)')).toHaveValue(60);
    // Recruitment was never saved: the default still.
    expect(within(section).getByLabelText('Roe Deer recruitment (% a year)')).toHaveValue(30);
    expect(within(section).getByLabelText('Seasons to reach a lower target')).toHaveValue(2);
    expect(
      within(section).getByText(/Saved with the plan last accepted: 6 deer per km²/),
    ).toBeInTheDocument();
    expect(
      within(section).getByText('The values saved with the plan last accepted for Home Wood are filled in.'),
    ).toBeInTheDocument();
    // The server worked the first answer out from them: a reduction, not the maintenance cull of the defaults.
    expect(
      await within(section).findByRole('heading', { name: /^Roe Deer: reduction cull of \d+$/ }),
    ).toBeInTheDocument();
    // Worked out again as it stands, the saved values go as asked and the answer is the same reduction.
    await user.click(within(section).getByRole('button', { name: 'Work out the cull again' }));
    await waitFor(() => expect(suggestionCalls(api, 'GET').length).toBeGreaterThan(1));
    const asked = suggestionCalls(api, 'GET').at(-1)!.url.searchParams;
    expect(asked.getAll('target_density')).toEqual(['Roe Deer:6']);
    expect(asked.get('seasons')).toBe('2');
  });

  it('starts from the defaults, names their source, works out again with a target, and is accepted into the plan', async () => {
    const { api, state, section, user } = await openPlans();
    const recruitment = await within(section).findByLabelText('Roe Deer recruitment (% a year)');
    // The default roe rate, as the server answered it; the source named.
    expect(recruitment).toHaveValue(30);
    expect(within(section).getByLabelText('Roe Deer female share (% of the cull)')).toHaveValue(50);
    expect(within(section).getAllByText('The Deer Initiative')[0]).toBeInTheDocument();
    expect(
      within(section).getByText(/Now .* deer per km²: 40 counted \(Vantage-point count, 20\/03\/2026\)/),
    ).toBeInTheDocument();
    // With no target the density is held: a maintenance cull of the year's young, 30 % of 40.
    expect(
      await within(section).findByRole('heading', { name: 'Roe Deer: maintenance cull of 12' }),
    ).toBeInTheDocument();

    await user.type(within(section).getByLabelText('Roe Deer target density (deer per km²)'), '10');
    await user.type(within(section).getByLabelText('Seasons to reach a lower target'), '2');
    await user.click(within(section).getByRole('button', { name: 'Work out the cull again' }));
    const heading = await within(section).findByRole('heading', {
      name: /^Roe Deer: reduction cull of \d+$/,
    });
    const asked = suggestionCalls(api, 'GET').at(-1)!.url.searchParams;
    expect(asked.getAll('target_density')).toEqual(['Roe Deer:10']);
    expect(asked.get('seasons')).toBe('2');
    // The defaults unchanged are left to the server, so its working names them as defaults.
    expect(asked.has('recruitment')).toBe(false);

    const table = within(section).getByRole('table', { name: /^Suggested cull for/ });
    const column = (name: string) =>
      Number(
        within(within(table).getByRole('row', { name: new RegExp(`^${name}`) })).getByRole('cell')
          .textContent,
      );
    const [maleAdult, femaleAdult, maleYoung, femaleYoung] = [
      'Male adult',
      'Female adult',
      'Male young',
      'Female young',
    ].map(column) as [number, number, number, number];
    const total = Number(/of (\d+)$/.exec(heading.textContent ?? '')![1]);
    expect(column('Total')).toBe(total);
    expect(maleAdult + femaleAdult + maleYoung + femaleYoung).toBe(total);
    // At least half of it female: female adults and young against male.
    expect(femaleAdult + femaleYoung).toBeGreaterThanOrEqual(maleAdult + maleYoung);
    expect(within(section).getByRole('list', { name: 'Steps for Roe Deer' })).toHaveTextContent(
      'Young this season',
    );

    await user.click(within(section).getByRole('button', { name: 'Accept into plan' }));
    await within(section).findByText(/Accepted: the plan above now has these targets for Home Wood/);
    expect(suggestionCalls(api, 'POST')[0]!.url.searchParams.getAll('target_density')).toEqual([
      'Roe Deer:10',
    ]);
    const plan = state.plans[SEASON]?.find((each) => each.ground_id === homeWood.id);
    expect(plan?.targets.reduce((sum, target) => sum + target.target, 0)).toBe(total);
    // The plan editor opens on the ground, its targets in, editable as any plan.
    await waitFor(() => expect(screen.getByLabelText('Plan for')).toHaveDisplayValue('Home Wood'));
    expect(screen.getByLabelText('Roe Deer female target')).toHaveValue(
      plan!.targets.find((target) => target.class === 'Female')!.target,
    );
    expect(screen.getByLabelText('Roe Deer female target')).not.toHaveAttribute('readonly');
  });

  it('shows the server’s message for a value out of range, and accepts nothing', async () => {
    const { api, section, user } = await openPlans();
    const recruitment = await within(section).findByLabelText('Roe Deer recruitment (% a year)');
    await user.clear(recruitment);
    await user.type(recruitment, '150');
    await user.click(within(section).getByRole('button', { name: 'Work out the cull again' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(DEER_MANAGEMENT_MESSAGES.recruitment);
    expect(within(section).queryByRole('button', { name: 'Accept into plan' })).toBeNull();
    expect(suggestionCalls(api, 'POST')).toEqual([]);
  });

  it('says why a species with no known recruitment rate has no suggestion, and suggests one once a rate is given', async () => {
    const api = fakeApi().signedInAs();
    const state = serveManagement(api, { grounds: [homeWood] });
    serveCounts(api, state, [
      { ...roeCount, items: [{ species: 'Fox', sex: 'Unknown', age_class: 'Unknown', count: 10 }] },
    ]);
    await renderApp('/plans');
    const section = await screen.findByRole('region', { name: 'Suggested cull' });
    const user = userEvent.setup({ delay: null });
    await user.click(within(section).getByRole('button', { name: 'Suggest a cull from the counts' }));
    await within(section).findByRole('heading', { name: 'Fox: no suggestion' });
    expect(within(section).getByText(DEER_MANAGEMENT_MESSAGES.recruitmentUnknown('Fox'))).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Accept into plan' })).toBeNull();
    await user.type(within(section).getByLabelText('Fox recruitment (% a year)'), '100');
    await user.click(within(section).getByRole('button', { name: 'Work out the cull again' }));
    // Held at ten: the year's young, 100 % of 10.
    await within(section).findByRole('heading', { name: 'Fox: maintenance cull of 10' });
    expect(within(section).getByRole('button', { name: 'Accept into plan' })).toBeEnabled();
  });

  it('gives a species counted since the form opened its own fields, at the defaults', async () => {
    const api = fakeApi().signedInAs();
    const state = serveManagement(api, { grounds: [homeWood] });
    const held = serveCounts(api, state, [{ ...roeCount }]);
    await renderApp('/plans');
    const section = await screen.findByRole('region', { name: 'Suggested cull' });
    const user = userEvent.setup({ delay: null });
    await user.click(within(section).getByRole('button', { name: 'Suggest a cull from the counts' }));
    await within(section).findByLabelText('Roe Deer recruitment (% a year)');
    held.push({
      ...roeCount,
      id: roeCount.id.replace('801', '803'),
      items: [{ species: 'Fallow Deer', sex: 'Female', age_class: 'Adult', count: 12 }],
    });
    await user.type(within(section).getByLabelText('Roe Deer target density (deer per km²)'), '10');
    await user.click(within(section).getByRole('button', { name: 'Work out the cull again' }));
    expect(await within(section).findByLabelText('Fallow Deer recruitment (% a year)')).toHaveValue(20);
    expect(within(section).getByLabelText('Roe Deer target density (deer per km²)')).toHaveValue(10);
  });

  it('says to draw the boundary for a ground without one', async () => {
    const { section, user } = await openPlans();
    await within(section).findByLabelText('Roe Deer recruitment (% a year)');
    await choose(user, 'Ground', 'Top Field');
    expect(await within(section).findByText(DEER_MANAGEMENT_MESSAGES.noBoundary)).toHaveRole('status');
    expect(within(section).queryByLabelText('Roe Deer recruitment (% a year)')).toBeNull();
  });

  describe('in a team’s plan', () => {
    const TEAM_ID = '7f0c8a52-3a1e-4c9b-9a52-1d3f0e7b6a01';
    const glen = (role: TeamRole): Team => ({ id: TEAM_ID, name: 'Glen Syndicate', kind: 'syndicate', role });

    /** The plans screen in Glen's scope, its grounds (as the fake answers them) the team's. */
    async function openTeamPlans(role: TeamRole) {
      const api = fakeApi().signedInAs();
      const state = serveManagement(api, { grounds: [homeWood] });
      serveCounts(api, state, [{ ...roeCount }], {});
      api
        .on('GET /api/teams', () => json({ items: [glen(role)] }))
        .on(`GET /api/teams/${TEAM_ID}`, () => json(glen(role)))
        .on(`GET /api/teams/${TEAM_ID}/members`, () =>
          json({ members: [{ uid: USER.uid, name: 'Ann Stalker', role }] }),
        );
      localStorage.setItem(`cull-log:team:${USER.uid}`, JSON.stringify(TEAM_ID));
      await renderApp('/plans');
      return api;
    }

    it('is offered to a manager for the team’s grounds, worked out and accepted through the team', async () => {
      const api = await openTeamPlans('manager');
      const section = await screen.findByRole('region', { name: 'Suggested cull' });
      expect(section).toHaveTextContent('A cull for one of the team’s grounds');
      const user = userEvent.setup({ delay: null });
      await user.click(within(section).getByRole('button', { name: 'Suggest a cull from the counts' }));
      await within(section).findByRole('heading', { name: /^Roe Deer: maintenance cull of \d+$/ });
      expect(suggestionCalls(api, 'GET')[0]!.url.searchParams.get('team')).toBe(TEAM_ID);
      await user.click(within(section).getByRole('button', { name: 'Accept into plan' }));
      await waitFor(() => expect(suggestionCalls(api, 'POST')).toHaveLength(1));
      expect(suggestionCalls(api, 'POST')[0]!.url.searchParams.get('team')).toBe(TEAM_ID);
    });

    it('is not offered to a member who is not a manager', async () => {
      await openTeamPlans('stalker');
      expect(await screen.findByText('Only a manager of the team changes its plan.')).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Suggested cull' })).toBeNull();
    });
  });
});
