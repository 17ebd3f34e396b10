import { describe, expect, it } from 'vitest';
import {
  MANAGEMENT_MESSAGES,
  TEAM_MESSAGES,
  type CullView,
  type Ground,
  type ListCullsResponse,
  type ListGroundsResponse,
  type MapPointsResponse,
  type PlansResponse,
  type InviteCreated,
  type InviteOffer,
  type ListTeamsResponse,
  type Team,
  type TeamAccess,
  type TeamInvitesResponse,
  type TeamMembersResponse,
} from '@cull-log/contracts';
import type { Identity } from '@cull-log/service-kit';
import { ALICE, BOB, cullBody, type Backend, harnessPerTest } from './records-harness';

const CAT: Identity = { uid: 'user-cat', display_name: 'Cat', email: 'cat@example.org' };
const DAN: Identity = { uid: 'user-dan', display_name: 'Dan', email: 'dan@example.org' };
const MISSING = '00000000-0000-4000-8000-000000000000';
const DAY = 86_400_000;

/**
 * Teams through the records API against one backend: creating, inviting, joining, roles and leaving, and every
 * refusal of the role matrix that concerns the team itself. Every backend runs the same suite.
 */
export function describeTeamsApi<Tx>(backendName: string, openBackend: () => Promise<Backend<Tx>>): void {
  describe(`teams on ${backendName}`, () => {
    const per = harnessPerTest(openBackend);

    const call = (...args: Parameters<typeof per.harness.call>) => per.harness.call(...args);

    async function team(user: Identity = ALICE, body: Record<string, unknown> = {}): Promise<Team> {
      const response = await call(user, 'POST', '/teams', {
        name: 'Glen Syndicate',
        kind: 'syndicate',
        ...body,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Team>();
    }

    async function invite(teamId: string, body: Record<string, unknown>, user: Identity = ALICE) {
      const response = await call(user, 'POST', `/teams/${teamId}/invites`, body);
      expect(response.statusCode, response.body).toBe(201);
      return response.json<InviteCreated>();
    }

    async function join(token: string, user: Identity): Promise<Team> {
      const response = await call(user, 'POST', `/invites/${token}/accept`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Team>();
    }

    /** A team of Alice (manager) with Bob as a stalker. */
    async function teamWithBob() {
      const created = await team();
      const { token } = await invite(created.id, { role: 'stalker' });
      await join(token, BOB);
      return created;
    }

    const members = async (teamId: string, user: Identity = ALICE) =>
      (await call(user, 'GET', `/teams/${teamId}/members`)).json<TeamMembersResponse>().members;

    it('makes the creator its manager and lists the team for them alone', async () => {
      const created = await team();
      expect(created).toEqual({
        id: expect.any(String),
        name: 'Glen Syndicate',
        kind: 'syndicate',
        role: 'manager',
      });
      expect((await call(ALICE, 'GET', '/teams')).json<ListTeamsResponse>().items).toEqual([created]);
      expect((await call(BOB, 'GET', '/teams')).json<ListTeamsResponse>().items).toEqual([]);
      expect((await call(ALICE, 'GET', `/teams/${created.id}`)).json()).toEqual(created);
      expect(await members(created.id)).toEqual([{ uid: ALICE.uid, name: 'Alice', role: 'manager' }]);
    });

    it('refuses a team without a name or of an unknown kind, and changes nothing', async () => {
      for (const body of [{ name: ' ', kind: 'syndicate' }, { name: 'X', kind: 'club' }, { name: 'X' }]) {
        const response = await call(ALICE, 'POST', '/teams', body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json().error.code).toBe('validation_failed');
      }
      expect((await call(ALICE, 'GET', '/teams')).json<ListTeamsResponse>().items).toEqual([]);
    });

    it('joins with a link: the offer says the team and the role, and accepting adds the member', async () => {
      const created = await team();
      const made = await invite(created.id, { role: 'viewer' });
      expect(made.url).toBe(`http://localhost:3000/invites/${made.token}`);
      expect(Date.parse(made.expires_at) - per.harness.clock.now().getTime()).toBe(7 * DAY);
      const offer = await call(BOB, 'GET', `/invites/${made.token}`);
      expect(offer.statusCode).toBe(200);
      expect(offer.json<InviteOffer>()).toEqual({
        team: { id: created.id, name: 'Glen Syndicate', kind: 'syndicate' },
        role: 'viewer',
        expires_at: made.expires_at,
      });
      expect(await join(made.token, BOB)).toEqual({ ...created, role: 'viewer' });
      expect(await members(created.id, BOB)).toEqual([
        { uid: ALICE.uid, name: 'Alice', role: 'manager' },
        { uid: BOB.uid, name: 'Bob', role: 'viewer' },
      ]);
      // Opening the link again once in answers the team, using nothing more of the invitation.
      expect(await join(made.token, BOB)).toEqual({ ...created, role: 'viewer' });
    });

    it('says which of used up, withdrawn or expired a link is, and changes nothing', async () => {
      const created = await teamWithBob();
      const used = (await call(ALICE, 'GET', `/teams/${created.id}/invites`)).json<TeamInvitesResponse>();
      expect(used.invites).toEqual([]);
      const once = await invite(created.id, { role: 'stalker' });
      await join(once.token, CAT);
      const usedUp = await call(DAN, 'POST', `/invites/${once.token}/accept`);
      expect([usedUp.statusCode, usedUp.json().error]).toEqual([
        409,
        { code: 'invite_used_up', message: TEAM_MESSAGES.inviteUsedUp },
      ]);

      const withdrawn = await invite(created.id, { role: 'stalker', max_uses: 5 });
      expect((await call(ALICE, 'DELETE', `/teams/${created.id}/invites/${withdrawn.id}`)).statusCode).toBe(
        204,
      );
      const revoked = await call(DAN, 'GET', `/invites/${withdrawn.token}`);
      expect([revoked.statusCode, revoked.json().error.code]).toEqual([409, 'invite_revoked']);

      const short = await invite(created.id, { role: 'stalker', expires_in_days: 1 });
      per.harness.clock.advance(DAY);
      const expired = await call(DAN, 'POST', `/invites/${short.token}/accept`);
      expect([expired.statusCode, expired.json().error.code]).toEqual([409, 'invite_expired']);

      expect((await members(created.id)).map((member) => member.uid)).toEqual([ALICE.uid, BOB.uid, CAT.uid]);
      expect((await call(DAN, 'GET', '/teams')).json<ListTeamsResponse>().items).toEqual([]);
    });

    it('answers a forged or mangled link as one that names no invitation', async () => {
      const created = await team();
      const made = await invite(created.id, { role: 'stalker' });
      const [inviteId] = made.token.split('.');
      for (const token of [
        `${inviteId}.forged`,
        `${MISSING}.${made.token.split('.')[1]}`,
        'nonsense',
        `${made.token}.x`,
      ]) {
        const response = await call(BOB, 'POST', `/invites/${token}/accept`);
        expect([response.statusCode, response.json().error.message], token).toEqual([
          404,
          TEAM_MESSAGES.inviteNotFound,
        ]);
      }
      expect((await call(BOB, 'GET', '/teams')).json<ListTeamsResponse>().items).toEqual([]);
    });

    it('lists the open invitations to managers, with their links', async () => {
      const created = await team();
      const made = await invite(created.id, { role: 'stalker', max_uses: 3, expires_in_days: 2 });
      const listed = (await call(ALICE, 'GET', `/teams/${created.id}/invites`)).json<TeamInvitesResponse>();
      expect(listed.invites).toEqual([
        {
          id: made.id,
          role: 'stalker',
          url: made.url,
          expires_at: made.expires_at,
          uses: 0,
          max_uses: 3,
          ground_ids: null,
          starts_on: null,
          ends_on: null,
        },
      ]);
    });

    it("refuses a guest's invitation without the team's grounds and days, or another role's with them", async () => {
      const created = await team();
      const cases: [Record<string, unknown>, string][] = [
        [{ role: 'guest' }, TEAM_MESSAGES.guestPermit],
        [{ role: 'stalker', starts_on: '2026-01-01' }, TEAM_MESSAGES.permitForGuests],
        [
          { role: 'guest', ground_ids: [MISSING], starts_on: '2026-01-05', ends_on: '2026-01-01' },
          TEAM_MESSAGES.permitDates,
        ],
        // Not one of the team's grounds.
        [
          { role: 'guest', ground_ids: [MISSING], starts_on: '2026-01-01', ends_on: '2026-01-03' },
          TEAM_MESSAGES.groundNotTeams,
        ],
      ];
      for (const [body, message] of cases) {
        const response = await call(ALICE, 'POST', `/teams/${created.id}/invites`, body);
        expect(
          [response.statusCode, Object.values(response.json().error.fields ?? {})],
          JSON.stringify(body),
        ).toEqual([400, [message]]);
      }
      expect(
        (await call(ALICE, 'GET', `/teams/${created.id}/invites`)).json<TeamInvitesResponse>().invites,
      ).toEqual([]);
    });

    it('leaves members, roles, invitations and the team’s name to managers (403), and refuses every write of a viewer', async () => {
      const created = await teamWithBob();
      const { token } = await invite(created.id, { role: 'viewer' });
      await join(token, CAT);
      for (const user of [BOB, CAT]) {
        const writes = [
          call(user, 'PATCH', `/teams/${created.id}`, { name: 'Mine now' }),
          call(user, 'POST', `/teams/${created.id}/invites`, { role: 'manager' }),
          call(user, 'PATCH', `/teams/${created.id}/members/${ALICE.uid}`, { role: 'viewer' }),
          call(user, 'PATCH', `/teams/${created.id}/members/${user.uid}`, { role: 'manager' }),
          call(user, 'DELETE', `/teams/${created.id}/members/${ALICE.uid}`),
          call(user, 'GET', `/teams/${created.id}/invites`),
        ];
        for (const response of await Promise.all(writes)) {
          expect([response.statusCode, response.json().error.code], `${user.uid}: ${response.body}`).toEqual([
            403,
            'forbidden',
          ]);
        }
      }
      expect((await call(ALICE, 'GET', `/teams/${created.id}`)).json<Team>().name).toBe('Glen Syndicate');
      expect((await members(created.id)).map(({ uid, role }) => [uid, role])).toEqual([
        [ALICE.uid, 'manager'],
        [BOB.uid, 'stalker'],
        [CAT.uid, 'viewer'],
      ]);
    });

    it('answers 404 for a team the caller is not in, exactly as for one that does not exist', async () => {
      const created = await team();
      const paths: ['GET' | 'PATCH' | 'POST' | 'DELETE', string, unknown?][] = [
        ['GET', `/teams/${created.id}`],
        ['PATCH', `/teams/${created.id}`, { name: 'Taken' }],
        ['GET', `/teams/${created.id}/members`],
        ['POST', `/teams/${created.id}/invites`, { role: 'stalker' }],
        ['DELETE', `/teams/${created.id}/members/${ALICE.uid}`],
      ];
      for (const [method, path, body] of paths) {
        const theirs = await call(BOB, method, path, body);
        const none = await call(BOB, method, path.replace(created.id, MISSING), body);
        expect([theirs.statusCode, theirs.json()], path).toEqual([404, none.json()]);
        expect(theirs.json().error.message).toBe(TEAM_MESSAGES.notFound);
      }
      expect((await call(BOB, 'GET', '/teams/not-a-uuid')).statusCode).toBe(404);
    });

    it('changes roles and keeps at least one manager', async () => {
      const created = await teamWithBob();
      const leaveAlone = await call(ALICE, 'DELETE', `/teams/${created.id}/members/${ALICE.uid}`);
      expect([leaveAlone.statusCode, leaveAlone.json().error]).toEqual([
        409,
        { code: 'last_manager', message: TEAM_MESSAGES.lastManager },
      ]);
      const demote = await call(ALICE, 'PATCH', `/teams/${created.id}/members/${ALICE.uid}`, {
        role: 'stalker',
      });
      expect([demote.statusCode, demote.json().error.code]).toEqual([409, 'last_manager']);

      const promote = await call(ALICE, 'PATCH', `/teams/${created.id}/members/${BOB.uid}`, {
        role: 'manager',
      });
      expect([promote.statusCode, promote.json()]).toEqual([200, { uid: BOB.uid, role: 'manager' }]);
      expect((await call(ALICE, 'DELETE', `/teams/${created.id}/members/${ALICE.uid}`)).statusCode).toBe(204);
      expect((await call(ALICE, 'GET', `/teams/${created.id}`)).statusCode).toBe(404);
      expect((await call(BOB, 'GET', '/teams')).json<ListTeamsResponse>().items).toEqual([
        { ...created, role: 'manager' },
      ]);
      const unknown = await call(BOB, 'PATCH', `/teams/${created.id}/members/${DAN.uid}`, { role: 'viewer' });
      expect([unknown.statusCode, unknown.json().error.message]).toEqual([404, TEAM_MESSAGES.memberNotFound]);
    });

    it('takes a removal or demotion into account at the very next request', async () => {
      const created = await teamWithBob();
      const demoted = await call(ALICE, 'PATCH', `/teams/${created.id}/members/${BOB.uid}`, {
        role: 'viewer',
      });
      expect(demoted.statusCode).toBe(200);
      expect((await call(BOB, 'GET', `/teams/${created.id}`)).json<Team>().role).toBe('viewer');
      // What the gateway asks before a team's figures or documents are read: the place in the team now.
      const access = (await call(BOB, 'GET', `/teams/${created.id}/access`)).json<TeamAccess>();
      expect(access).toEqual({ team_id: created.id, role: 'viewer', member_id: expect.any(String) });
      expect(access.member_id).not.toBe(BOB.uid);
      expect((await call(ALICE, 'DELETE', `/teams/${created.id}/members/${BOB.uid}`)).statusCode).toBe(204);
      const after = await call(BOB, 'GET', `/teams/${created.id}`);
      expect([after.statusCode, after.json().error.message]).toEqual([404, TEAM_MESSAGES.notFound]);
      expect((await call(BOB, 'GET', `/teams/${created.id}/access`)).statusCode).toBe(404);
      expect(await members(created.id)).toEqual([{ uid: ALICE.uid, name: 'Alice', role: 'manager' }]);
    });

    it('lets a member who left come back with a new invitation', async () => {
      const created = await teamWithBob();
      expect((await call(BOB, 'DELETE', `/teams/${created.id}/members/${BOB.uid}`)).statusCode).toBe(204);
      const { token } = await invite(created.id, { role: 'viewer' });
      expect(await join(token, BOB)).toEqual({ ...created, role: 'viewer' });
    });

    it('renames a team for its managers, and answers the change to every member', async () => {
      const created = await teamWithBob();
      const renamed = await call(ALICE, 'PATCH', `/teams/${created.id}`, {
        name: 'Glen Estate',
        kind: 'estate',
      });
      expect(renamed.json()).toEqual({ ...created, name: 'Glen Estate', kind: 'estate' });
      expect((await call(BOB, 'GET', '/teams')).json<ListTeamsResponse>().items).toEqual([
        { ...created, name: 'Glen Estate', kind: 'estate', role: 'stalker' },
      ]);
      const empty = await call(ALICE, 'PATCH', `/teams/${created.id}`, {});
      expect(empty.statusCode).toBe(400);
    });

    it("grants permits to guests alone, on the team's own grounds, for managers alone", async () => {
      const created = await teamWithBob();
      const terms = { ground_ids: [MISSING], starts_on: '2026-01-01', ends_on: '2026-01-02' };
      const toStalker = await call(ALICE, 'POST', `/teams/${created.id}/permits`, { uid: BOB.uid, ...terms });
      expect([toStalker.statusCode, toStalker.json().error.fields]).toEqual([
        400,
        { uid: TEAM_MESSAGES.permitsForGuests },
      ]);
      const byStalker = await call(BOB, 'POST', `/teams/${created.id}/permits`, { uid: BOB.uid, ...terms });
      expect(byStalker.statusCode).toBe(403);
      const toStranger = await call(ALICE, 'POST', `/teams/${created.id}/permits`, {
        uid: DAN.uid,
        ...terms,
      });
      expect(toStranger.statusCode).toBe(404);
      const backwards = await call(ALICE, 'POST', `/teams/${created.id}/permits`, {
        uid: BOB.uid,
        ...terms,
        ends_on: '2025-12-31',
      });
      expect([backwards.statusCode, backwards.json().error.fields]).toEqual([
        400,
        { ends_on: TEAM_MESSAGES.permitDates },
      ]);
      expect((await call(ALICE, 'GET', `/teams/${created.id}/permits`)).json()).toEqual({ permits: [] });
      const ending = await call(ALICE, 'DELETE', `/teams/${created.id}/permits/${MISSING}`);
      expect([ending.statusCode, ending.json().error.message]).toEqual([404, TEAM_MESSAGES.permitNotFound]);
    });

    it('takes a member who erases their account out of the team, a last manager handing it on', async () => {
      const created = await teamWithBob();
      const { token } = await invite(created.id, { role: 'viewer' });
      await join(token, CAT);
      const erased = await call(ALICE, 'DELETE', '/account');
      expect(erased.statusCode, erased.body).toBe(200);
      expect(await members(created.id, BOB)).toEqual([
        { uid: BOB.uid, name: 'Bob', role: 'manager' },
        { uid: CAT.uid, name: 'Cat', role: 'viewer' },
      ]);
      expect((await call(ALICE, 'GET', '/teams')).json<ListTeamsResponse>().items).toEqual([]);
      const events = await per.backend.store.readStream(created.id);
      expect(events.slice(-2).map((event) => event.type)).toEqual([
        'team.role_changed.v1',
        'team.member_left.v1',
      ]);
      expect(JSON.stringify(events)).not.toContain(ALICE.uid);
      expect(await per.backend.store.readUser(ALICE.uid, 0, 100)).toEqual([]);
    });

    describe("the team's grounds", () => {
      async function teamGround(teamId: string, name = 'North Beat') {
        const response = await call(ALICE, 'POST', '/grounds', { team_id: teamId, name });
        expect(response.statusCode, response.body).toBe(201);
        return response.json<Ground>();
      }
      const cull = (groundId: string, date = '2026-11-03') =>
        cullBody({ date, ground_id: groundId, location_name: 'The high ride' });

      it("are made by managers, owned by the team, and read by its members but a guest's only its permit's", async () => {
        const created = await teamWithBob();
        const north = await teamGround(created.id);
        const south = await teamGround(created.id, 'South Beat');
        expect((await call(ALICE, 'GET', '/grounds')).json<ListGroundsResponse>().items).toEqual([]);
        const listed = await call(BOB, 'GET', `/grounds?team=${created.id}`);
        expect(listed.json<ListGroundsResponse>().items.map((ground) => ground.name)).toEqual([
          'North Beat',
          'South Beat',
        ]);
        const byStalker = await call(BOB, 'POST', '/grounds', { team_id: created.id, name: 'Mine' });
        expect(byStalker.statusCode).toBe(403);
        const renameByStalker = await call(BOB, 'PATCH', `/grounds/${north.id}?team=${created.id}`, {
          name: 'X',
        });
        expect(renameByStalker.statusCode).toBe(403);
        const byOutsider = await call(DAN, 'GET', `/grounds?team=${created.id}`);
        expect(byOutsider.statusCode).toBe(404);
        const taken = await call(ALICE, 'POST', '/grounds', { team_id: created.id, name: 'north beat' });
        expect(taken.statusCode).toBe(400);

        const guest = await invite(created.id, {
          role: 'guest',
          ground_ids: [south.id],
          starts_on: '2026-11-02',
          ends_on: '2026-11-04',
        });
        await join(guest.token, CAT);
        const guestsView = await call(CAT, 'GET', `/grounds?team=${created.id}`);
        expect(guestsView.json<ListGroundsResponse>().items.map((ground) => ground.id)).toEqual([south.id]);
        expect((await call(CAT, 'GET', `/grounds/${north.id}?team=${created.id}`)).statusCode).toBe(404);
      });

      it('take the culls of stalkers and managers, of a guest within the permit, and of no viewer', async () => {
        const created = await teamWithBob();
        const north = await teamGround(created.id);
        const recorded = await call(BOB, 'POST', '/culls', cull(north.id));
        expect(recorded.statusCode, recorded.body).toBe(201);
        expect(recorded.json<CullView>()).toMatchObject({ ground_id: north.id, ground_name: 'North Beat' });

        const viewer = await invite(created.id, { role: 'viewer' });
        await join(viewer.token, DAN);
        const byViewer = await call(DAN, 'POST', '/culls', cull(north.id));
        expect([byViewer.statusCode, byViewer.json().error.fields]).toEqual([
          400,
          { ground_id: MANAGEMENT_MESSAGES.groundUnknown },
        ]);

        const guest = await invite(created.id, {
          role: 'guest',
          ground_ids: [north.id],
          starts_on: '2026-11-02',
          ends_on: '2026-11-04',
        });
        await join(guest.token, CAT);
        expect((await call(CAT, 'POST', '/culls', cull(north.id, '2026-11-04'))).statusCode).toBe(201);
        const afterPermit = await call(CAT, 'POST', '/culls', cull(north.id, '2026-11-05'));
        expect(afterPermit.statusCode).toBe(400);

        // Removed from the team, Bob may no longer record there; his record stays his, where it was.
        expect((await call(ALICE, 'DELETE', `/teams/${created.id}/members/${BOB.uid}`)).statusCode).toBe(204);
        expect((await call(BOB, 'POST', '/culls', cull(north.id))).statusCode).toBe(400);
        const kept = await call(BOB, 'GET', `/culls/${recorded.json<CullView>().id}`);
        expect(kept.json<CullView>()).toMatchObject({ ground_id: north.id, ground_name: 'North Beat' });
      });

      it("renamed by a manager, show the new name on every member's records", async () => {
        const created = await teamWithBob();
        const north = await teamGround(created.id);
        const mine = (await call(BOB, 'POST', '/culls', cull(north.id))).json<CullView>();
        const renamed = await call(ALICE, 'PATCH', `/grounds/${north.id}?team=${created.id}`, {
          name: 'High Beat',
        });
        expect(renamed.statusCode, renamed.body).toBe(200);
        expect((await call(BOB, 'GET', `/culls/${mine.id}`)).json<CullView>().ground_name).toBe('High Beat');
        // Found by the new name, in Bob's own records and in the team's, and no longer by the old one.
        const found = async (url: string) => {
          const page = (await call(BOB, 'GET', url)).json<ListCullsResponse>();
          return page.items.map((item) => [item.id, item.ground_name]);
        };
        for (const list of ['/culls?', `/culls?team=${created.id}&`]) {
          expect(await found(`${list}q=high%20beat`)).toEqual([[mine.id, 'High Beat']]);
          expect(await found(`${list}q=be`)).toEqual([[mine.id, 'High Beat']]);
          expect(await found(`${list}q=beat&species=Roe%20Deer`)).toEqual([[mine.id, 'High Beat']]);
          expect(await found(`${list}q=north%20beat`)).toEqual([]);
        }
        const archived = await call(ALICE, 'DELETE', `/grounds/${north.id}?team=${created.id}`);
        expect(archived.json<Ground>().archived).toBe(true);
        expect((await call(BOB, 'POST', '/culls', cull(north.id))).json().error.fields).toEqual({
          ground_id: MANAGEMENT_MESSAGES.groundArchived,
        });
      });
    });

    describe("the team's records", () => {
      /** Alice's team with Bob as a stalker, and the team's ground North Beat. */
      async function teamWithBobAndGround() {
        const created = await teamWithBob();
        const ground = await call(ALICE, 'POST', '/grounds', { team_id: created.id, name: 'North Beat' });
        return { created, north: ground.json<Ground>() };
      }

      const list = async (user: Identity, teamId: string, query = '') => {
        const response = await call(user, 'GET', `/culls?team=${teamId}${query}`);
        expect(response.statusCode, response.body).toBe(200);
        return response.json<ListCullsResponse>();
      };

      it("are its members' culls on its grounds, each with who culled it, and nothing else", async () => {
        const { created, north } = await teamWithBobAndGround();
        const own = (await call(BOB, 'POST', '/grounds', { name: 'Bob Wood' })).json<Ground>();
        const onTeam = (
          await call(
            BOB,
            'POST',
            '/culls',
            cullBody({
              ground_id: north.id,
              notes: 'Bob saw three',
              date: '2026-11-03',
              location_name: 'Rowan ride',
            }),
          )
        ).json<CullView>();
        await call(BOB, 'POST', '/culls', cullBody({ ground_id: own.id }));
        await call(BOB, 'POST', '/culls', cullBody());
        const byAlice = await call(
          ALICE,
          'POST',
          '/culls',
          cullBody({ ground_id: north.id, date: '2026-11-04' }),
        );
        expect(byAlice.statusCode).toBe(201);

        const page = await list(ALICE, created.id, '&sort=date&order=asc');
        expect(page.total).toBe(2);
        expect(page.items.map((item) => [item.date, item.culled_by])).toEqual([
          ['2026-11-03', { uid: BOB.uid, name: 'Bob' }],
          ['2026-11-04', { uid: ALICE.uid, name: 'Alice' }],
        ]);
        expect(page.items[0]?.notes).toBe('Bob saw three');
        const searched = await list(BOB, created.id, '&q=rowan');
        expect(searched.items.map((item) => item.id)).toEqual([onTeam.id]);

        const one = await call(ALICE, 'GET', `/culls/${onTeam.id}?team=${created.id}`);
        expect(one.json<CullView>()).toMatchObject({
          id: onTeam.id,
          culled_by: { uid: BOB.uid, name: 'Bob' },
        });
        const notOwn = await call(ALICE, 'GET', `/culls/${onTeam.id}`);
        expect(notOwn.statusCode).toBe(404);
        expect((await call(DAN, 'GET', `/culls?team=${created.id}`)).statusCode).toBe(404);
      });

      it("show a viewer no member's notes or photos, and a guest only their own", async () => {
        const { created, north } = await teamWithBobAndGround();
        await call(
          BOB,
          'POST',
          '/culls',
          cullBody({ ground_id: north.id, notes: 'private', condition_notes: 'thin' }),
        );
        const viewer = await invite(created.id, { role: 'viewer' });
        await join(viewer.token, DAN);
        const seen = (await list(DAN, created.id)).items[0]!;
        expect(seen.culled_by).toEqual({ uid: BOB.uid, name: 'Bob' });
        expect(seen).not.toHaveProperty('notes');
        expect(seen).not.toHaveProperty('condition_notes');
        expect(seen).not.toHaveProperty('photos');
        expect(seen.species).toBe('Roe Deer');

        const guest = await invite(created.id, {
          role: 'guest',
          ground_ids: [north.id],
          starts_on: '2025-02-01',
          ends_on: '2025-02-28',
        });
        await join(guest.token, CAT);
        expect((await list(CAT, created.id)).total).toBe(0);
        expect((await call(CAT, 'POST', '/culls', cullBody({ ground_id: north.id }))).statusCode).toBe(201);
        expect((await list(CAT, created.id)).items.map((item) => item.culled_by?.name)).toEqual(['Cat']);
        expect((await list(ALICE, created.id)).total).toBe(2);
      });

      it("are on the team's map, and a point's popup shows them (without notes to a viewer)", async () => {
        const { created, north } = await teamWithBobAndGround();
        await call(
          BOB,
          'POST',
          '/culls',
          cullBody({ ground_id: north.id, species: 'Fallow Deer', notes: 'by the gate' }),
        );
        await call(BOB, 'POST', '/culls', cullBody({ latitude: 52, longitude: -1 }));
        const points = (
          await call(ALICE, 'GET', `/culls/map-points?team=${created.id}`)
        ).json<MapPointsResponse>();
        expect(points).toEqual({ species: ['Fallow Deer'], points: [[51.07, 0.04, 0]], truncated: false });
        const filtered = await call(ALICE, 'GET', `/culls/map-points?team=${created.id}&species=Roe%20Deer`);
        expect(filtered.json<MapPointsResponse>().points).toEqual([]);
        expect((await call(ALICE, 'GET', '/culls/map-points')).json<MapPointsResponse>().points).toEqual([]);
        const at = `/culls/at?team=${created.id}&latitude=51.07&longitude=0.04`;
        expect(
          (await call(ALICE, 'GET', at)).json<{ items: CullView[] }>().items.map((item) => item.notes),
        ).toEqual(['by the gate']);
        const viewer = await invite(created.id, { role: 'viewer' });
        await join(viewer.token, DAN);
        const seen = (await call(DAN, 'GET', at)).json<{ items: CullView[] }>().items;
        expect(seen.map((item) => item.species)).toEqual(['Fallow Deer']);
        expect(seen[0]).not.toHaveProperty('notes');
        expect((await call(CAT, 'GET', at)).statusCode).toBe(404);
        expect((await call(CAT, 'GET', `/culls/map-points?team=${created.id}`)).statusCode).toBe(404);
      });

      it('keep the culls of a member who leaves, without their notes, photos or exact place, to every role', async () => {
        const { created, north } = await teamWithBobAndGround();
        const made = (
          await call(
            BOB,
            'POST',
            '/culls',
            cullBody({ ground_id: north.id, notes: 'private', condition_notes: 'thin' }),
          )
        ).json<CullView>();
        await call(BOB, 'POST', '/culls', cullBody({ notes: 'not on the team’s ground' }));
        const viewer = await invite(created.id, { role: 'viewer' });
        await join(viewer.token, DAN);
        expect((await call(BOB, 'DELETE', `/teams/${created.id}/members/${BOB.uid}`)).statusCode).toBe(204);

        for (const reader of [ALICE, DAN]) {
          const page = await list(reader, created.id);
          expect(page.total).toBe(1);
          const seen = page.items[0]!;
          expect(seen).toMatchObject({
            id: made.id,
            ground_id: north.id,
            ground_name: 'North Beat',
            location_name: made.location_name,
            species: 'Roe Deer',
            weight: 14.5,
            culled_by: { uid: BOB.uid, name: 'Bob' },
          });
          for (const field of ['notes', 'condition_notes', 'photos', 'latitude', 'longitude', 'grid_ref'])
            expect(seen).not.toHaveProperty(field);
          const one = await call(reader, 'GET', `/culls/${made.id}?team=${created.id}`);
          expect(one.json<CullView>()).not.toHaveProperty('latitude');
        }
        // Their exact place left with them: the team's map no longer shows the point.
        const points = await call(ALICE, 'GET', `/culls/map-points?team=${created.id}`);
        expect(points.json<MapPointsResponse>().points).toEqual([]);
        const at = await call(ALICE, 'GET', `/culls/at?team=${created.id}&latitude=51.07&longitude=0.04`);
        expect(at.json<{ items: CullView[] }>().items).toEqual([]);
        // The record is still wholly theirs in their own diary.
        expect((await call(BOB, 'GET', `/culls/${made.id}`)).json<CullView>().notes).toBe('private');
        expect((await call(BOB, 'GET', '/culls')).json<ListCullsResponse>().total).toBe(2);
        expect((await call(BOB, 'GET', `/culls?team=${created.id}`)).statusCode).toBe(404);
      });

      it('show a guest only their own, not those of members who left', async () => {
        const { created, north } = await teamWithBobAndGround();
        await call(BOB, 'POST', '/culls', cullBody({ ground_id: north.id }));
        expect((await call(BOB, 'DELETE', `/teams/${created.id}/members/${BOB.uid}`)).statusCode).toBe(204);
        const guest = await invite(created.id, {
          role: 'guest',
          ground_ids: [north.id],
          starts_on: '2025-02-01',
          ends_on: '2025-02-28',
        });
        await join(guest.token, CAT);
        expect((await list(CAT, created.id)).total).toBe(0);
        await call(CAT, 'POST', '/culls', cullBody({ ground_id: north.id }));
        expect((await list(CAT, created.id)).items.map((item) => item.culled_by)).toEqual([
          { uid: CAT.uid, name: 'Cat' },
        ]);
      });

      it('keep the facts of an erased member’s culls as the team’s, culled by “Former member”, naming nobody', async () => {
        const { created, north } = await teamWithBobAndGround();
        const made = (
          await call(
            BOB,
            'POST',
            '/culls',
            cullBody({
              ground_id: north.id,
              notes: 'Bob’s private note',
              shooter: 'Bob Lane',
              carcass_tag: 'GL-9',
            }),
          )
        ).json<CullView>();
        await call(BOB, 'POST', '/culls', cullBody({ notes: 'not the team’s' }));
        expect((await call(BOB, 'DELETE', '/account')).statusCode).toBe(200);

        const page = await list(ALICE, created.id);
        expect(page.total).toBe(1);
        const kept = page.items[0]!;
        expect(kept.id).not.toBe(made.id);
        expect(kept).toMatchObject({
          ground_id: north.id,
          ground_name: 'North Beat',
          date: made.date,
          species: 'Roe Deer',
          weight: 14.5,
          carcass_tag: 'GL-9',
          culled_by: { name: 'Former member' },
        });
        expect(kept.culled_by).not.toHaveProperty('uid');
        for (const field of ['notes', 'latitude', 'longitude', 'grid_ref', 'shooter', 'photos'])
          expect(kept).not.toHaveProperty(field);
        expect((await call(ALICE, 'GET', `/culls/${kept.id}?team=${created.id}`)).statusCode).toBe(200);
        expect((await list(ALICE, created.id, `&member=${BOB.uid}`)).total).toBe(0);

        const events = await per.backend.store.readStream(created.id);
        const keptEvent = events.at(-1)!;
        expect(keptEvent).toMatchObject({ type: 'team.culls_kept.v1', userId: `team-${created.id}` });
        const text = JSON.stringify([events, page]);
        for (const trace of [BOB.uid, 'Bob', BOB.email!, made.id]) expect(text).not.toContain(trace);
        // Asking for the erasure again keeps nothing twice.
        expect((await call(BOB, 'DELETE', '/account')).statusCode).toBe(200);
        expect((await list(ALICE, created.id)).total).toBe(1);
      });

      it('narrow to one member with member=<uid>; an unknown one reads none, and member needs a team', async () => {
        const { created, north } = await teamWithBobAndGround();
        const bobs = (await call(BOB, 'POST', '/culls', cullBody({ ground_id: north.id }))).json<CullView>();
        await call(ALICE, 'POST', '/culls', cullBody({ ground_id: north.id }));
        const narrowed = await list(ALICE, created.id, `&member=${BOB.uid}`);
        expect(narrowed.items.map((item) => [item.id, item.culled_by?.uid])).toEqual([[bobs.id, BOB.uid]]);
        expect((await list(ALICE, created.id, '&member=user-nobody')).total).toBe(0);
        expect((await list(ALICE, created.id)).total).toBe(2);
        const alone = await call(ALICE, 'GET', `/culls?member=${BOB.uid}`);
        expect([alone.statusCode, alone.json().error.fields]).toEqual([
          400,
          { member: TEAM_MESSAGES.memberNeedsTeam },
        ]);
        expect((await call(DAN, 'GET', `/culls?team=${created.id}&member=${BOB.uid}`)).statusCode).toBe(404);
      });
    });

    describe('moving a ground into a team', () => {
      async function ownGround(user: Identity = ALICE, name = 'Home Wood') {
        const response = await call(user, 'POST', '/grounds', { name });
        expect(response.statusCode, response.body).toBe(201);
        return response.json<Ground>();
      }
      const move = (user: Identity, groundId: string, teamId: string, query = '') =>
        call(user, 'PATCH', `/grounds/${groundId}${query}`, { team_id: teamId });

      it('makes the ground the team’s, with the mover’s earlier culls on it the team’s records', async () => {
        const created = await teamWithBob();
        const ground = await ownGround();
        const before = (
          await call(ALICE, 'POST', '/culls', cullBody({ ground_id: ground.id, notes: 'first light' }))
        ).json<CullView>();
        const moved = await move(ALICE, ground.id, created.id);
        expect(moved.statusCode, moved.body).toBe(200);
        expect(moved.json<Ground>()).toMatchObject({ id: ground.id, name: 'Home Wood', archived: false });

        expect((await call(ALICE, 'GET', '/grounds')).json<ListGroundsResponse>().items).toEqual([]);
        const listed = (await call(BOB, 'GET', `/grounds?team=${created.id}`)).json<ListGroundsResponse>();
        expect(listed.items.map((item) => item.id)).toEqual([ground.id]);
        const records = (await call(BOB, 'GET', `/culls?team=${created.id}`)).json<ListCullsResponse>();
        expect(records.items.map((item) => [item.id, item.culled_by?.uid])).toEqual([[before.id, ALICE.uid]]);
        // Still Alice's own record, and Bob may now record there.
        expect((await call(ALICE, 'GET', `/culls/${before.id}`)).json<CullView>().notes).toBe('first light');
        expect((await call(BOB, 'POST', '/culls', cullBody({ ground_id: ground.id }))).statusCode).toBe(201);
        // Its managers rename it as the team's.
        const renamed = await call(ALICE, 'PATCH', `/grounds/${ground.id}?team=${created.id}`, {
          name: 'Glen',
        });
        expect(renamed.statusCode, renamed.body).toBe(200);

        const events = await per.backend.store.readStream(ground.id);
        expect(events.map((event) => [event.type, event.userId])).toEqual([
          ['ground.created.v1', ALICE.uid],
          ['ground.moved.v1', `team-${created.id}`],
          ['ground.renamed.v1', `team-${created.id}`],
        ]);
        expect(events[1]!.data).toEqual({
          team_id: created.id,
          name: 'Home Wood',
          notes: null,
          boundary: null,
          centre: null,
          created_at: ground.created_at,
        });
      });

      it('outlives the mover’s erasure: the team keeps the ground and the facts of their culls on it', async () => {
        const created = await teamWithBob();
        const ground = await ownGround();
        await call(ALICE, 'POST', '/culls', cullBody({ ground_id: ground.id }));
        expect((await move(ALICE, ground.id, created.id)).statusCode).toBe(200);
        expect((await call(ALICE, 'DELETE', '/account')).statusCode).toBe(200);
        const listed = (await call(BOB, 'GET', `/grounds?team=${created.id}`)).json<ListGroundsResponse>();
        expect(listed.items.map((item) => [item.id, item.name])).toEqual([[ground.id, 'Home Wood']]);
        const records = (await call(BOB, 'GET', `/culls?team=${created.id}`)).json<ListCullsResponse>();
        expect(records.items.map((item) => item.culled_by)).toEqual([{ name: 'Former member' }]);
        const events = await per.backend.store.readStream(ground.id);
        expect(events.map((event) => event.type)).toEqual(['ground.moved.v1']);
        expect(
          (await call(BOB, 'PATCH', `/grounds/${ground.id}?team=${created.id}`, { name: 'X' })).statusCode,
        ).toBe(200);
      });

      it('refuses, changing nothing: another’s ground or a team one is not in (404), a team one does not manage (403), an archived or a team’s ground (409)', async () => {
        const created = await teamWithBob();
        const alices = await ownGround();
        const bobs = await ownGround(BOB, 'Bob Wood');
        const other = await team(DAN, { name: 'Dan’s estate' });

        expect((await move(BOB, alices.id, created.id)).statusCode).toBe(404);
        expect((await move(ALICE, alices.id, other.id)).statusCode).toBe(404);
        expect((await move(ALICE, alices.id, MISSING)).statusCode).toBe(404);
        expect((await move(ALICE, MISSING, created.id)).statusCode).toBe(404);
        const byStalker = await move(BOB, bobs.id, created.id);
        expect([byStalker.statusCode, byStalker.json().error.message]).toEqual([
          403,
          MANAGEMENT_MESSAGES.moveManagersOnly,
        ]);
        const mixed = await call(ALICE, 'PATCH', `/grounds/${alices.id}`, { team_id: created.id, name: 'X' });
        expect([mixed.statusCode, mixed.json().error.fields]).toEqual([
          400,
          { team_id: MANAGEMENT_MESSAGES.moveAlone },
        ]);

        const archivedGround = await ownGround(ALICE, 'Old Wood');
        await call(ALICE, 'DELETE', `/grounds/${archivedGround.id}`);
        const archived = await move(ALICE, archivedGround.id, created.id);
        expect([archived.statusCode, archived.json().error.code]).toEqual([409, 'archived']);

        const teams = await call(ALICE, 'POST', '/grounds', { team_id: created.id, name: 'North Beat' });
        const teamGroundId = teams.json<Ground>().id;
        const again = await move(ALICE, teamGroundId, created.id, `?team=${created.id}`);
        expect([again.statusCode, again.json().error.code]).toEqual([409, 'in_team']);
        expect((await move(ALICE, teamGroundId, created.id)).statusCode).toBe(404);

        // A name the team already has.
        const clash = await ownGround(ALICE, 'north beat');
        expect((await move(ALICE, clash.id, created.id)).statusCode).toBe(400);

        const mine = (await call(ALICE, 'GET', '/grounds')).json<ListGroundsResponse>().items;
        expect(mine.map((ground) => ground.name).sort()).toEqual(['Home Wood', 'Old Wood', 'north beat']);
        expect((await call(BOB, 'GET', '/grounds')).json<ListGroundsResponse>().items).toHaveLength(1);
        const teamGrounds = (
          await call(ALICE, 'GET', `/grounds?team=${created.id}`)
        ).json<ListGroundsResponse>();
        expect(teamGrounds.items.map((ground) => ground.id)).toEqual([teamGroundId]);
        expect(await per.backend.store.readStream(alices.id)).toHaveLength(1);
      });
    });

    it("keeps no one's user id or name in the team's events, only in the member's own link", async () => {
      const created = await teamWithBob();
      const events = await per.backend.store.readStream(created.id);
      expect(events.map((event) => event.type)).toEqual([
        'team.created.v1',
        'team.invite_created.v1',
        'team.member_joined.v1',
      ]);
      const text = JSON.stringify(events);
      for (const trace of [ALICE.uid, BOB.uid, 'Alice', 'Bob']) expect(text).not.toContain(trace);
      expect(new Set(events.map((event) => event.userId))).toEqual(new Set([`team-${created.id}`]));
    });
    describe("the team's plan", () => {
      const EVE: Identity = { uid: 'user-eve', display_name: 'Eve', email: 'eve@example.org' };
      const roeDoes = (target: number) => ({ species: 'Roe Deer', class: 'Female', target });

      /** Alice's team (manager) with Bob a stalker, Cat a viewer, Dan a guest on North Beat; Eve is in no team. */
      async function teamOfFour() {
        const created = await teamWithBob();
        const north = (
          await call(ALICE, 'POST', '/grounds', { team_id: created.id, name: 'North Beat' })
        ).json<Ground>();
        await join((await invite(created.id, { role: 'viewer' })).token, CAT);
        const guest = await invite(created.id, {
          role: 'guest',
          ground_ids: [north.id],
          starts_on: '2026-11-02',
          ends_on: '2026-11-04',
        });
        await join(guest.token, DAN);
        return { created, north };
      }
      const plansOf = async (user: Identity, teamId: string) => {
        const response = await call(user, 'GET', `/plans/2026-27?team=${teamId}`);
        expect(response.statusCode, response.body).toBe(200);
        return response.json<PlansResponse>();
      };
      const planEvents = async () =>
        (await per.backend.store.readAll(0, 1000)).filter((event) => event.type.startsWith('plans.'));

      it('is set by a manager with each member’s share, stored by member id in one append, and read by members by uid (a guest their own)', async () => {
        const { created, north } = await teamOfFour();
        const body = {
          plans: [{ ground_id: north.id, targets: [roeDoes(6)] }],
          allocations: [
            { uid: BOB.uid, ground_id: north.id, ...roeDoes(3) },
            { uid: ALICE.uid, ground_id: north.id, ...roeDoes(2) },
          ],
        };
        const put = await call(ALICE, 'PUT', `/plans/2026-27?team=${created.id}`, body);
        expect(put.statusCode, put.body).toBe(200);
        expect(put.json<PlansResponse>()).toMatchObject({ plans: body.plans, allocations: body.allocations });
        for (const member of [ALICE, BOB, CAT]) {
          expect(await plansOf(member, created.id)).toMatchObject({
            season: '2026/27',
            plans: body.plans,
            allocations: body.allocations,
          });
        }
        // A guest reads the plans and only their own share (none here): no other member is named to them.
        expect(await plansOf(DAN, created.id)).toMatchObject({ plans: body.plans, allocations: [] });
        expect((await call(ALICE, 'GET', '/plans/2026-27')).json<PlansResponse>()).toEqual(
          expect.objectContaining({ plans: [] }),
        );
        expect((await call(ALICE, 'GET', '/plans/2026-27')).json()).not.toHaveProperty('allocations');

        const events = await planEvents();
        expect(events.map((event) => [event.type, event.version, event.userId])).toEqual([
          ['plans.set.v1', 1, `team-${created.id}`],
          ['plans.allocated.v1', 2, `team-${created.id}`],
        ]);
        expect(events[0]!.position + 1).toBe(events[1]!.position);
        expect(events[0]!.streamId).toBe(events[1]!.streamId);
        const text = JSON.stringify(events);
        for (const trace of [ALICE.uid, BOB.uid]) expect(text).not.toContain(trace);

        // The plans again without allocations keep the shares; new shares alone append only them.
        await call(ALICE, 'PUT', `/plans/2026-27?team=${created.id}`, { plans: body.plans });
        expect((await plansOf(BOB, created.id)).allocations).toEqual(body.allocations);
        const fewer = { ...body, allocations: [body.allocations[0]] };
        expect((await call(ALICE, 'PUT', `/plans/2026-27?team=${created.id}`, fewer)).statusCode).toBe(200);
        expect((await planEvents()).map((event) => event.type)).toEqual([
          'plans.set.v1',
          'plans.allocated.v1',
          'plans.allocated.v1',
        ]);
        expect((await plansOf(CAT, created.id)).allocations).toEqual(fewer.allocations);
      });

      it('is refused to a stalker, a viewer and a guest (403) and to someone not in the team (404), changing nothing', async () => {
        const { created, north } = await teamOfFour();
        const body = { plans: [{ ground_id: north.id, targets: [roeDoes(6)] }] };
        for (const user of [BOB, CAT, DAN]) {
          const refusedWrite = await call(user, 'PUT', `/plans/2026-27?team=${created.id}`, body);
          expect([refusedWrite.statusCode, refusedWrite.json().error.message]).toEqual([
            403,
            TEAM_MESSAGES.managersOnly,
          ]);
        }
        for (const path of [`/plans/2026-27?team=${created.id}`, `/plans/2026-27?team=${MISSING}`]) {
          expect((await call(EVE, 'PUT', path, body)).statusCode).toBe(404);
          expect((await call(EVE, 'GET', path)).statusCode).toBe(404);
        }
        expect(await planEvents()).toEqual([]);
        expect((await plansOf(ALICE, created.id)).plans).toEqual([]);
      });

      it('refuses a share for someone not a member, on a ground not the team’s, or on one’s own plan (400), changing nothing', async () => {
        const { created, north } = await teamOfFour();
        const own = (await call(ALICE, 'POST', '/grounds', { name: 'Home Wood' })).json<Ground>();
        const plans = [{ ground_id: north.id, targets: [roeDoes(6)] }];
        const share = { uid: BOB.uid, ground_id: north.id, ...roeDoes(3) };
        const refusals: [string, Record<string, unknown>, string, string][] = [
          [
            `/plans/2026-27?team=${created.id}`,
            { plans, allocations: [share, { ...share, uid: EVE.uid }] },
            'allocations.1.uid',
            TEAM_MESSAGES.allocationMember,
          ],
          [
            `/plans/2026-27?team=${created.id}`,
            { plans, allocations: [{ ...share, ground_id: own.id }] },
            'allocations.0.ground_id',
            TEAM_MESSAGES.groundNotTeams,
          ],
          [
            `/plans/2026-27?team=${created.id}`,
            { plans: [{ ground_id: own.id, targets: [roeDoes(1)] }] },
            'plans.0.ground_id',
            TEAM_MESSAGES.groundNotTeams,
          ],
          [
            '/plans/2026-27',
            { plans: [], allocations: [share] },
            'allocations',
            TEAM_MESSAGES.allocationsForTeams,
          ],
        ];
        for (const [path, body, field, message] of refusals) {
          const response = await call(ALICE, 'PUT', path, body);
          expect([response.statusCode, response.json().error.fields], path).toEqual([
            400,
            { [field]: message },
          ]);
        }
        // A member who has left is no longer one to share with.
        await call(ALICE, 'DELETE', `/teams/${created.id}/members/${BOB.uid}`);
        const toLeaver = await call(ALICE, 'PUT', `/plans/2026-27?team=${created.id}`, {
          plans,
          allocations: [share],
        });
        expect(toLeaver.json().error.fields).toEqual({ 'allocations.0.uid': TEAM_MESSAGES.allocationMember });
        expect(await planEvents()).toEqual([]);
      });

      it('leaves out the share of a member who has erased their account, and shows a guest only their own', async () => {
        const { created, north } = await teamOfFour();
        const allocations = [
          { uid: BOB.uid, ground_id: north.id, ...roeDoes(3) },
          { uid: CAT.uid, ground_id: north.id, ...roeDoes(1) },
          { uid: DAN.uid, ground_id: north.id, ...roeDoes(1) },
        ];
        const put = await call(ALICE, 'PUT', `/plans/2026-27?team=${created.id}`, {
          plans: [{ ground_id: null, targets: [roeDoes(4)] }],
          allocations,
        });
        expect(put.statusCode, put.body).toBe(200);
        expect((await call(BOB, 'DELETE', '/account')).statusCode).toBe(200);
        expect((await plansOf(ALICE, created.id)).allocations).toEqual([allocations[1], allocations[2]]);
        expect((await plansOf(DAN, created.id)).allocations).toEqual([allocations[2]]);
      });
    });
  });
}
