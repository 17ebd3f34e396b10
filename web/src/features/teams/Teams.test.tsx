import type { OpenInvite, Team, TeamMember } from '@cull-log/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json, makeCull, makeGround, USER } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';
import { choiceList } from '../../testing/ui';

const TEAM_ID = '7f0c8a52-3a1e-4c9b-9a52-1d3f0e7b6a01';
const glen: Team = { id: TEAM_ID, name: 'Glen Syndicate', kind: 'syndicate', role: 'manager' };
const ann: TeamMember = { uid: USER.uid, name: 'Ann Stalker', role: 'manager' };
const bob: TeamMember = { uid: 'user-bob', name: 'Bob Rifle', role: 'stalker' };
const TOKEN = 'e0cb0048-0ce7-4b74-92e6-49b22279ef6e.NMhYgHFV2QxuAQh5oYUZWWfCKzNDrr70U5xzFCfTtF8';

/** A team of Ann (manager) and Bob (stalker), with one ground, served as the records service would. */
function serveTeam(team: Team = glen) {
  let members = [ann, bob];
  let invites: OpenInvite[] = [];
  const api = fakeApi()
    .signedInAs()
    .on('GET /api/teams', () => json({ items: [team] }))
    .on(`GET /api/teams/${TEAM_ID}`, () => json(team))
    .on(`GET /api/teams/${TEAM_ID}/members`, () => json({ members }))
    .on(`GET /api/teams/${TEAM_ID}/invites`, () => json({ invites }))
    .on(`GET /api/teams/${TEAM_ID}/permits`, () => json({ permits: [] }))
    .on('GET /api/grounds', () => json({ items: [makeGround({ name: 'North Beat' })] }))
    .on('GET /api/culls', (request) =>
      request.url.searchParams.get('team') === TEAM_ID
        ? json({
            items: [
              {
                ...makeCull({ date: '2026-11-03', time: '07:15', ground_name: 'North Beat' }),
                culled_by: { uid: 'user-bob', name: 'Bob Rifle' },
              },
            ],
            total: 1,
            page: 1,
            page_size: 20,
          })
        : apiError(400, 'validation_failed', 'No team asked for'),
    )
    .on(`PATCH /api/teams/${TEAM_ID}/members/user-bob`, (request) => {
      members = members.map((member) =>
        member.uid === 'user-bob' ? { ...member, ...(request.body as { role: TeamMember['role'] }) } : member,
      );
      return json({ uid: 'user-bob', role: bob.role });
    })
    .on(`DELETE /api/teams/${TEAM_ID}/members/user-bob`, () => {
      members = members.filter((member) => member.uid !== 'user-bob');
      return new Response(null, { status: 204 });
    })
    .on(`POST /api/teams/${TEAM_ID}/invites`, (request) => {
      const body = request.body as { role: OpenInvite['role']; max_uses: number };
      const url = `http://localhost:3000/invites/${TOKEN}`;
      const expires = '2026-12-04T09:00:00.000Z';
      invites = [
        {
          id: 'invite-1',
          role: body.role,
          url,
          expires_at: expires,
          uses: 0,
          max_uses: body.max_uses,
          ground_ids: null,
          starts_on: null,
          ends_on: null,
        },
      ];
      return json({ id: 'invite-1', token: TOKEN, url, expires_at: expires }, 201);
    });
  return api;
}

describe('teams', () => {
  it('lists the user’s teams with their role, and starts a new one as its manager', async () => {
    const api = fakeApi()
      .signedInAs()
      .on('GET /api/teams', () => json({ items: [{ ...glen, role: 'viewer' }] }))
      .on('POST /api/teams', (request) =>
        json({ ...(request.body as object), id: 'new-team', role: 'manager' }, 201),
      )
      .on('GET /api/teams/new-team', () =>
        json({ id: 'new-team', name: 'Vale Estate', kind: 'estate', role: 'manager' }),
      )
      .on('GET /api/teams/new-team/members', () => json({ members: [ann] }))
      .on('GET /api/teams/new-team/invites', () => json({ invites: [] }))
      .on('GET /api/teams/new-team/permits', () => json({ permits: [] }))
      .on('GET /api/culls', () => json({ items: [], total: 0, page: 1, page_size: 20 }))
      .on('GET /api/grounds', () => json({ items: [] }));
    await renderApp('/teams');
    const list = await screen.findByRole('list', { name: 'Your teams' });
    expect(within(list).getByRole('link', { name: 'Glen Syndicate' })).toHaveAttribute(
      'href',
      `/teams/${TEAM_ID}`,
    );
    expect(list).toHaveTextContent('Syndicate · you are viewer');

    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Start a team' });
    await user.click(within(form).getByRole('button', { name: 'Start team' }));
    expect(within(form).getByText('Name is required')).toBeInTheDocument();
    expect(api.callsTo('POST /api/teams')).toHaveLength(0);
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'Vale Estate');
    await user.selectOptions(within(form).getByRole('combobox', { name: /Kind/ }), 'Estate');
    await user.click(within(form).getByRole('button', { name: 'Start team' }));
    expect(await screen.findByRole('heading', { name: 'Vale Estate', level: 1 })).toBeInTheDocument();
    expect(api.callsTo('POST /api/teams')[0]?.body).toEqual({ name: 'Vale Estate', kind: 'estate' });
  });

  it('shows a manager the members with their roles, and changes a role and removes a member', async () => {
    const api = serveTeam();
    await renderApp(`/teams/${TEAM_ID}`);
    expect(await screen.findByRole('heading', { name: 'Glen Syndicate', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Ann Stalker (you)')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role of Bob Rifle' }), 'Viewer');
    await waitFor(() =>
      expect(api.callsTo(`PATCH /api/teams/${TEAM_ID}/members/user-bob`)[0]?.body).toEqual({
        role: 'viewer',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Remove Bob Rifle' }));
    await waitFor(() => expect(screen.queryByText('Bob Rifle')).toBeNull());
    expect(screen.getByRole('list', { name: "The team's grounds" })).toHaveTextContent('North Beat');
    const culls = await screen.findByRole('list', { name: "The team's culls" });
    expect(culls).toHaveTextContent('03/11/2026 07:15 · North Beat · culled by Bob Rifle');
  });

  it('makes an invitation link a manager can copy and withdraw', async () => {
    serveTeam();
    await renderApp(`/teams/${TEAM_ID}`);
    const form = await screen.findByRole('form', { name: 'Invite someone' });
    const user = userEvent.setup();
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Role offered' }), 'Viewer');
    expect(form).toHaveTextContent('A viewer reads the team’s figures');
    await user.click(within(form).getByRole('button', { name: 'Make an invitation link' }));
    expect(await screen.findByText(`http://localhost:3000/invites/${TOKEN}`)).toBeInTheDocument();
    const open = await screen.findByRole('list', { name: 'Open invitations' });
    expect(open).toHaveTextContent('Viewer, used 0 of 1, until 04/12/2026');
    expect(within(open).getByRole('button', { name: 'Withdraw the viewer link' })).toBeInTheDocument();
  });

  it('shows a stalker the team without the managers’ parts', async () => {
    serveTeam({ ...glen, role: 'stalker' });
    await renderApp(`/teams/${TEAM_ID}`);
    expect(await screen.findByText(/You are its stalker: a stalker records culls/)).toBeInTheDocument();
    expect(await screen.findByText('Bob Rifle')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Invite someone' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: /Role of/ })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Add a ground' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Leave the team' })).toBeInTheDocument();
  });

  it('opens an invitation: says the team and the role, and joins on confirmation', async () => {
    const api = serveTeam({ ...glen, role: 'stalker' })
      .on(`GET /api/invites/${TOKEN}`, () =>
        json({
          team: { id: TEAM_ID, name: 'Glen Syndicate', kind: 'syndicate' },
          role: 'stalker',
          expires_at: '2026-12-04T09:00:00.000Z',
        }),
      )
      .on(`POST /api/invites/${TOKEN}/accept`, () => json({ ...glen, role: 'stalker' }));
    await renderApp(`/invites/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Glen Syndicate' })).toBeInTheDocument();
    expect(screen.getByText(/You are invited as stalker/)).toBeInTheDocument();
    expect(api.callsTo(`POST /api/invites/${TOKEN}/accept`)).toHaveLength(0);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Join Glen Syndicate' }));
    expect(await screen.findByRole('heading', { name: 'Glen Syndicate', level: 1 })).toBeInTheDocument();
    expect(api.callsTo(`POST /api/invites/${TOKEN}/accept`)).toHaveLength(1);
  });

  it("offers the grounds of the user's teams on a new record, but not a team they only view", async () => {
    const vale: Team = { id: 'vale-team', name: 'Vale Estate', kind: 'estate', role: 'viewer' };
    fakeApi()
      .signedInAs()
      .on('GET /api/teams', () => json({ items: [{ ...glen, role: 'stalker' }, vale] }))
      .on('GET /api/outings', () => json({ items: [], open: null }))
      .on('GET /api/grounds', (request) => {
        const team = request.url.searchParams.get('team');
        if (team === TEAM_ID) return json({ items: [makeGround({ name: 'North Beat' })] });
        if (team === 'vale-team') return json({ items: [makeGround({ name: 'Park Wood' })] });
        return json({ items: [makeGround({ name: 'Home Wood' })] });
      });
    await renderApp('/add-cull');
    await screen.findByRole('heading', { name: 'Add New Cull Record' });
    await waitFor(() =>
      expect(
        within(choiceList('Ground'))
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['No ground', 'Home Wood', 'North Beat (Glen Syndicate)']),
    );
  });

  it('says why an invitation no longer works', async () => {
    fakeApi()
      .signedInAs()
      .on(`GET /api/invites/${TOKEN}`, () =>
        apiError(409, 'invite_expired', 'This invitation has expired: ask the team’s manager for a new one'),
      );
    await renderApp(`/invites/${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation has expired');
    expect(screen.queryByRole('button', { name: /Join/ })).toBeNull();
  });

  it('asks someone signed out to sign in, and comes back to the invitation afterwards', async () => {
    fakeApi()
      .on('GET /auth/options', () => json({ google: true, dev: true }))
      .on('POST /auth/dev/login', () => json(USER))
      .on(`GET /api/invites/${TOKEN}`, () =>
        json({
          team: { id: TEAM_ID, name: 'Glen Syndicate', kind: 'syndicate' },
          role: 'viewer',
          expires_at: '2026-12-04T09:00:00.000Z',
        }),
      );
    const { router } = await renderApp(`/invites/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Sign in to Cull Log' })).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent(`/invites/${TOKEN}`)}`);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Name/ }), 'Ann Stalker');
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign in for development' }));
    expect(await screen.findByRole('button', { name: 'Join Glen Syndicate' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/invites/${TOKEN}`);
  });
});
