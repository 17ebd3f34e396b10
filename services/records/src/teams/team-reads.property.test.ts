import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CullView, Ground, InviteCreated, Team, TeamRole } from '@cull-log/contracts';
import type { Identity } from '@cull-log/service-kit';
import { createHarness, cullBody, openSqliteBackend } from '../testing/records-harness';

const PEOPLE: readonly Identity[] = ['ann', 'bob', 'cat', 'dan'].map((name) => ({
  uid: `user-${name}`,
  display_name: name,
  email: `${name}@example.org`,
}));
const ROLES: readonly TeamRole[] = ['manager', 'stalker', 'viewer'];

/** One step of two teams' seasons; people, teams and grounds named by their index among those there are. */
const Step = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('join' as const),
      team: fc.nat(1),
      who: fc.nat(3),
      role: fc.constantFrom(...ROLES),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('role' as const),
      team: fc.nat(1),
      who: fc.nat(3),
      role: fc.constantFrom(...ROLES),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('leave' as const), team: fc.nat(1), who: fc.nat(3) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('ground' as const), team: fc.nat(1) }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('cull' as const),
      who: fc.nat(3),
      team: fc.nat(1),
      ground: fc.option(fc.nat(1), { nil: undefined, freq: 4 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('erase' as const), who: fc.nat(3) }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('move' as const), team: fc.nat(1), who: fc.nat(3) }),
  },
);

/** What a team should be at each moment: who is in it in what role, its grounds, and whose records are on them. */
interface ModelTeam {
  id: string;
  members: Map<string, TeamRole>;
  grounds: string[];
  /** How many culls the team keeps of members who have since erased their account. */
  kept: number;
}

describe('team reads over random histories of several users and two teams', () => {
  it('answer each person exactly what the role matrix allows at that moment, and a stranger 404', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(Step, { minLength: 5, maxLength: 40 }), async (steps) => {
        const backend = openSqliteBackend();
        const { call, app } = createHarness({ backend });
        try {
          // Ann starts one team, Bob the other: each its first manager.
          const teams: ModelTeam[] = [];
          for (const founder of [PEOPLE[0]!, PEOPLE[1]!]) {
            const made = (
              await call(founder, 'POST', '/teams', { name: `${founder.uid} team`, kind: 'estate' })
            ).json<Team>();
            // Each team starts with a ground, so that culls land on teams' grounds from the first step.
            const ground = (
              await call(founder, 'POST', '/grounds', { team_id: made.id, name: 'Home Beat' })
            ).json<Ground>();
            teams.push({
              id: made.id,
              members: new Map([[founder.uid, 'manager']]),
              grounds: [ground.id],
              kept: 0,
            });
          }
          const erased = new Set<string>();
          /** Grounds of people's own made so far, each with a name of its own. */
          let owned = 0;
          /** Each kept record: who made it and on which ground (undefined: none). */
          const records = new Map<string, { by: string; ground: string | undefined }>();
          const managerOf = (team: ModelTeam) =>
            [...team.members].find(([, role]) => role === 'manager')?.[0];
          const person = (uid: string) => PEOPLE.find((candidate) => candidate.uid === uid)!;
          const managersOf = (team: ModelTeam) =>
            [...team.members.values()].filter((role) => role === 'manager').length;

          for (const step of steps) {
            const team = teams[step.kind === 'erase' ? 0 : step.team]!;
            const manager = managerOf(team);
            // A join names anyone; a cull, a role change or a leaving names one of the team's members (by index).
            const inTeam = [...team.members.keys()];
            const who = !('who' in step)
              ? ''
              : step.kind === 'join' || step.kind === 'erase' || inTeam.length === 0
                ? PEOPLE[step.who]!.uid
                : inTeam[step.who % inTeam.length]!;
            if (step.kind !== 'ground' && erased.has(who)) continue;
            switch (step.kind) {
              case 'join': {
                if (manager === undefined || team.members.has(who)) break;
                const link = (
                  await call(person(manager), 'POST', `/teams/${team.id}/invites`, { role: step.role })
                ).json<InviteCreated>();
                const joined = await call(person(who), 'POST', `/invites/${link.token}/accept`);
                expect(joined.statusCode, joined.body).toBe(200);
                team.members.set(who, step.role);
                break;
              }
              case 'role': {
                if (manager === undefined || !team.members.has(who)) break;
                const lastManager = team.members.get(who) === 'manager' && managersOf(team) === 1;
                const changed = await call(person(manager), 'PATCH', `/teams/${team.id}/members/${who}`, {
                  role: step.role,
                });
                if (lastManager && step.role !== 'manager') expect(changed.statusCode).toBe(409);
                else {
                  expect(changed.statusCode, changed.body).toBe(200);
                  team.members.set(who, step.role);
                }
                break;
              }
              case 'leave': {
                if (!team.members.has(who)) break;
                const lastManager = team.members.get(who) === 'manager' && managersOf(team) === 1;
                const left = await call(person(who), 'DELETE', `/teams/${team.id}/members/${who}`);
                expect(left.statusCode).toBe(lastManager ? 409 : 204);
                if (!lastManager) team.members.delete(who);
                break;
              }
              case 'ground': {
                if (manager === undefined) break;
                const ground = await call(person(manager), 'POST', '/grounds', {
                  team_id: team.id,
                  name: `Beat ${team.grounds.length + 1}`,
                });
                expect(ground.statusCode, ground.body).toBe(201);
                team.grounds.push(ground.json<Ground>().id);
                break;
              }
              case 'cull': {
                const groundId = step.ground === undefined ? undefined : team.grounds[step.ground];
                const role = team.members.get(who);
                const may = groundId === undefined || role === 'manager' || role === 'stalker';
                const recorded = await call(
                  person(who),
                  'POST',
                  '/culls',
                  cullBody(groundId ? { ground_id: groundId } : {}),
                );
                expect(recorded.statusCode, recorded.body).toBe(may ? 201 : 400);
                if (may) records.set(recorded.json<CullView>().id, { by: who, ground: groundId });
                break;
              }
              case 'move': {
                // A member's own ground with a cull on it, moved into the team: a manager's move takes both in.
                if (!team.members.has(who)) break;
                const own = (
                  await call(person(who), 'POST', '/grounds', { name: `Own ground ${(owned += 1)}` })
                ).json<Ground>();
                const recorded = await call(person(who), 'POST', '/culls', cullBody({ ground_id: own.id }));
                expect(recorded.statusCode, recorded.body).toBe(201);
                records.set(recorded.json<CullView>().id, { by: who, ground: own.id });
                const moved = await call(person(who), 'PATCH', `/grounds/${own.id}`, { team_id: team.id });
                const manages = team.members.get(who) === 'manager';
                expect(moved.statusCode, moved.body).toBe(manages ? 200 : 403);
                if (manages) team.grounds.push(own.id);
                break;
              }
              case 'erase': {
                expect((await call(person(who), 'DELETE', '/account')).statusCode).toBe(200);
                erased.add(who);
                for (const [id, record] of records) {
                  if (record.by !== who) continue;
                  records.delete(id);
                  // The team whose ground it was keeps its facts.
                  const owner = teams.find((each) => record.ground && each.grounds.includes(record.ground));
                  if (owner !== undefined) owner.kept += 1;
                }
                for (const each of teams) {
                  if (!each.members.has(who)) continue;
                  const lastManager = each.members.get(who) === 'manager' && managersOf(each) === 1;
                  each.members.delete(who);
                  // A last manager hands the team to its longest-standing stalker, else viewer.
                  if (lastManager) {
                    const heir =
                      [...each.members].find(([, role]) => role === 'stalker') ??
                      [...each.members].find(([, role]) => role === 'viewer');
                    if (heir) each.members.set(heir[0], 'manager');
                  }
                }
                break;
              }
            }
          }

          // Every person's read of every team, against the model: the culls on its grounds of whoever made them while
          // a member (those who left too), and those it kept of people since erased.
          for (const reader of PEOPLE) {
            for (const team of teams) {
              const read = await call(reader, 'GET', `/culls?team=${team.id}&page_size=100`);
              const role = team.members.get(reader.uid);
              if (role === undefined) {
                expect(read.statusCode, `${reader.uid} outside ${team.id}`).toBe(404);
                continue;
              }
              expect(read.statusCode).toBe(200);
              const onGrounds = [...records].filter(
                ([, record]) => record.ground !== undefined && team.grounds.includes(record.ground),
              );
              const items = read.json<{ items: CullView[]; total: number }>().items;
              const live = items.filter((item) => item.culled_by?.uid !== undefined);
              const kept = items.filter((item) => item.culled_by?.uid === undefined);
              expect(live.map((item) => item.id).sort(), `${reader.uid} reading ${team.id}`).toEqual(
                onGrounds.map(([id]) => id).sort(),
              );
              expect(kept.length, `kept culls of ${team.id}`).toBe(team.kept);
              for (const item of live) {
                const by = records.get(item.id)!.by;
                expect(item.culled_by?.uid).toBe(by);
                if (!team.members.has(by)) {
                  // A former member's notes, photos and exact place left with them, whoever reads.
                  for (const field of [
                    'notes',
                    'condition_notes',
                    'photos',
                    'latitude',
                    'longitude',
                    'grid_ref',
                  ])
                    expect(item).not.toHaveProperty(field);
                  expect(item.ground_id).toBe(records.get(item.id)!.ground);
                } else if (role === 'viewer') expect(item).not.toHaveProperty('notes');
                else expect(item.notes).toBe('Clean kill');
              }
              for (const item of kept) {
                expect(item.culled_by).toEqual({ name: 'Former member' });
                for (const field of ['notes', 'latitude', 'longitude', 'grid_ref', 'shooter'])
                  expect(item).not.toHaveProperty(field);
                expect(team.grounds).toContain(item.ground_id);
              }
              // One member's records alone: those they made on the team's grounds.
              const member = PEOPLE[team.grounds.length % PEOPLE.length]!.uid;
              const narrowed = await call(
                reader,
                'GET',
                `/culls?team=${team.id}&member=${member}&page_size=100`,
              );
              expect(
                narrowed
                  .json<{ items: CullView[] }>()
                  .items.map((item) => item.id)
                  .sort(),
              ).toEqual(
                onGrounds
                  .filter(([, record]) => record.by === member)
                  .map(([id]) => id)
                  .sort(),
              );
            }
          }
          // Nothing of an erased person is left in what the team reads.
          for (const gone of erased) {
            for (const team of teams) {
              const reader = [...team.members.keys()][0];
              if (reader === undefined) continue;
              const text = (await call(person(reader), 'GET', `/culls?team=${team.id}&page_size=100`)).body;
              expect(text).not.toContain(gone);
            }
          }
        } finally {
          await app.close();
          await backend.close();
        }
      }),
      { numRuns: 60 },
    );
  }, 300_000);
});
