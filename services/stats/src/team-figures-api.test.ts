import { describe, expect, it } from 'vitest';
import {
  PlanProgressResponse,
  StatsResponse,
  TEAM_MESSAGES,
  type TeamAccess,
  type TeamRole,
} from '@cull-log/contracts';
import { createSampleEventLog } from '@cull-log/eventstore/testing';
import { statsAppPerTest } from './testing/stats-app';
import { pdfText } from './testing/pdf-text';

const NOW = new Date('2026-11-20T12:00:00Z');
const TEAM = '3c1f6f4e-8d1a-4b7e-9f00-5a2b7c9d0e11';
const OTHER_TEAM = '9d8c7b6a-0000-4000-8000-000000000099';
const TEAM_KEY = `team-${TEAM}`;
const access = (role: TeamRole, member: string): TeamAccess => ({
  team_id: TEAM,
  role,
  member_id: `mem-${member}`,
});

describe("a team's figures, plan progress and season report", () => {
  const stats = statsAppPerTest(NOW);
  const { getInTeam } = stats;

  /**
   * Glen Syndicate: Ann (manager), Bob (stalker), Cat (viewer), Gus (guest) and Dan, who has left and erased his
   * account. The team's plan on North Beat with Ann's and Bob's shares; culls by Ann, Bob, Gus and Dan on it, and Bob's
   * own cull on his own wood.
   */
  async function syndicate() {
    const log = createSampleEventLog();
    log.teamCreated(TEAM, 'Glen Syndicate', 'mem-ann');
    for (const [uid, name] of [
      ['ann', 'Ann'],
      ['bob', 'Bob'],
      ['cat', 'Cat'],
      ['gus', 'Gus'],
      ['dan', 'Dan'],
    ] as const) {
      log.memberLinked(uid, TEAM, `mem-${uid}`, name);
    }
    const north = log.groundCreated(TEAM_KEY, 'North Beat');
    const wood = log.groundCreated('bob', 'Bob’s Wood');
    const doe = { species: 'Roe Deer', sex: 'Female', age_estimate: 'Adult', date: '2026-11-03' } as const;
    const buck = { ...doe, sex: 'Male' } as const;
    const culls = [
      ['ann', doe],
      ['ann', doe],
      ['bob', doe],
      ['bob', buck],
      ['gus', buck],
      ['dan', doe],
    ] as const;
    const recorded = culls.map(([uid, fields]) => {
      const cull = log.recorded(uid, fields);
      log.placed(uid, cull.streamId, north.streamId);
      return cull;
    });
    const own = log.recorded('bob', { ...doe, species: 'Muntjac' });
    log.placed('bob', own.streamId, wood.streamId);
    log.plansSet(TEAM_KEY, '2026-27', [
      { ground_id: north.streamId, targets: [{ species: 'Roe Deer', class: 'Female', target: 12 }] },
    ]);
    log.plansAllocated(TEAM_KEY, '2026-27', [
      { member_id: 'mem-ann', ground_id: north.streamId, species: 'Roe Deer', class: 'Female', target: 3 },
      { member_id: 'mem-bob', ground_id: north.streamId, species: 'Roe Deer', class: 'Female', target: 2 },
      { member_id: 'mem-dan', ground_id: north.streamId, species: 'Roe Deer', class: 'Female', target: 1 },
    ]);
    // Dan erases his account: the team keeps the facts of his cull on its ground, then his go.
    const dans = recorded.at(-1)!;
    const { date, time, species, sex, age_estimate, condition, shot_placement, antlers_present } = dans.data;
    log.cullsKept(TEAM, 'mem-dan', [
      {
        id: 'kept-by-the-team-1',
        ground_id: north.streamId,
        location_name: 'North Beat',
        ...{ date, time, species, sex, age_estimate, condition, shot_placement, antlers_present },
        recorded_at: dans.occurredAt,
      },
    ]);
    for (const event of log.events) expect(await stats.store.apply(event)).toBe('applied');
    await stats.store.eraseUser('dan');
    return { north: north.streamId };
  }

  const progressOf = async (uid: string, team: TeamAccess) => {
    const response = await getInTeam(uid, team, `/plans/2026-27/progress?team=${TEAM}`);
    expect(response.statusCode, response.body).toBe(200);
    return PlanProgressResponse.parse(response.json());
  };

  it('answers a manager, a stalker and a viewer the team’s totals, and a guest their own', async () => {
    await syndicate();
    for (const [uid, role] of [
      ['ann', 'manager'],
      ['bob', 'stalker'],
      ['cat', 'viewer'],
    ] as const) {
      const response = await getInTeam(uid, access(role, uid), `/stats?team=${TEAM}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(StatsResponse.parse(response.json())).toMatchObject({
        total_culls: 6,
        species_breakdown: { 'Roe Deer': 6 },
      });
    }
    const guests = await getInTeam('gus', access('guest', 'gus'), `/stats?team=${TEAM}`);
    expect(guests.json()).toMatchObject({ total_culls: 1, species_breakdown: { 'Roe Deer': 1 } });
    const own = await getInTeam('bob', undefined, '/stats');
    expect(own.json()).toMatchObject({ total_culls: 3, species_breakdown: { 'Roe Deer': 2, Muntjac: 1 } });
  });

  it('answers the team’s plan progress in total and per member, a former member by that name', async () => {
    const { north } = await syndicate();
    const progress = await progressOf('cat', access('viewer', 'cat'));
    expect(progress.rows).toEqual([
      {
        ground_id: null,
        species: 'Roe Deer',
        class: 'Male',
        target: null,
        actual: 2,
        left: null,
        exceeded: false,
      },
      {
        ground_id: null,
        species: 'Roe Deer',
        class: 'Female',
        target: null,
        actual: 4,
        left: null,
        exceeded: false,
      },
      {
        ground_id: north,
        species: 'Roe Deer',
        class: 'Male',
        target: null,
        actual: 2,
        left: null,
        exceeded: false,
      },
      {
        ground_id: north,
        species: 'Roe Deer',
        class: 'Female',
        target: 12,
        actual: 4,
        left: 8,
        exceeded: false,
      },
    ]);
    const line = (
      uid: string | null,
      name: string,
      sex: 'Male' | 'Female',
      target: number | null,
      actual: number,
    ) => ({
      uid,
      name,
      ground_id: north,
      species: 'Roe Deer',
      class: sex,
      target,
      actual,
    });
    expect(progress.members).toEqual([
      line('ann', 'Ann', 'Female', 3, 2),
      line('bob', 'Bob', 'Male', null, 1),
      line('bob', 'Bob', 'Female', 2, 1),
      line(null, 'Former member', 'Female', 1, 1),
      line('gus', 'Gus', 'Male', null, 1),
    ]);
    expect(JSON.stringify(progress)).not.toContain('dan');
    expect(JSON.stringify(progress)).not.toContain('Dan');
    // The team's grounds' culls, a former member's kept one too; Bob's own wood is none of the team's.
    expect(progress.ground_culls).toEqual([{ ground_id: north, culls: 6 }]);
  });

  it('answers a guest only their own numbers, against the team’s plan', async () => {
    const { north } = await syndicate();
    const progress = await progressOf('gus', access('guest', 'gus'));
    expect(progress.rows).toEqual([
      {
        ground_id: null,
        species: 'Roe Deer',
        class: 'Male',
        target: null,
        actual: 1,
        left: null,
        exceeded: false,
      },
      {
        ground_id: north,
        species: 'Roe Deer',
        class: 'Male',
        target: null,
        actual: 1,
        left: null,
        exceeded: false,
      },
      {
        ground_id: north,
        species: 'Roe Deer',
        class: 'Female',
        target: 12,
        actual: 0,
        left: 12,
        exceeded: false,
      },
    ]);
    expect(progress.members).toEqual([
      {
        uid: 'gus',
        name: 'Gus',
        ground_id: north,
        species: 'Roe Deer',
        class: 'Male',
        target: null,
        actual: 1,
      },
    ]);
    expect(progress.ground_culls).toEqual([{ ground_id: north, culls: 1 }]);
  });

  it('answers 404 to a ?team= the identity does not carry, or carries for another team', async () => {
    await syndicate();
    for (const url of [
      `/stats?team=${TEAM}`,
      `/plans/2026-27/progress?team=${TEAM}`,
      `/reports/season.pdf?team=${TEAM}`,
    ]) {
      const unsigned = await getInTeam('eve', undefined, url);
      expect([unsigned.statusCode, unsigned.json().error.message]).toEqual([404, TEAM_MESSAGES.notFound]);
      const elsewhere = await getInTeam('ann', { ...access('manager', 'ann'), team_id: OTHER_TEAM }, url);
      expect(elsewhere.statusCode).toBe(404);
    }
  });

  it('makes the team’s season report: its name as the heading and each member’s culls', async () => {
    await syndicate();
    const response = await getInTeam(
      'ann',
      access('manager', 'ann'),
      `/reports/season.pdf?team=${TEAM}&season=2026-27`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Glen Syndicate');
    expect(text).toContain('By member');
    expect(text).toMatch(/Ann\s+Roe Deer\s+2/);
    expect(text).toMatch(/Bob\s+Roe Deer\s+2/);
    expect(text).toMatch(/Former member\s+Roe Deer\s+1/);
    expect(text).toMatch(/Culled in the season: 6/);
    // Bob's and Gus's roe bucks of 3 November are in the close season; no destination was recorded.
    expect(text).toMatch(/In the close season \(Deer Act 1991, Schedule 1\)\s+2/);
    expect(text).toMatch(/Not recorded\s+6/);
    expect(text).not.toContain('Muntjac');
    expect(text).not.toContain('Dan');

    const guests = pdfText(
      (await getInTeam('gus', access('guest', 'gus'), `/reports/season.pdf?team=${TEAM}&season=2026-27`))
        .rawPayload,
    );
    expect(guests).toMatch(/Culled in the season: 1/);
    expect(guests).toMatch(/Gus\s+Roe Deer\s+1/);
    expect(guests).toMatch(/In the close season \(Deer Act 1991, Schedule 1\)\s+1/);
    expect(guests).not.toContain('Ann');
  });
});
