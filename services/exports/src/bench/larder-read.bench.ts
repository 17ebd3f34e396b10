/**
 * `npm run bench:larder -w services/exports`: the larder book's read of one season over real HTTP from the SQLite
 * projection, for a user whose other seasons hold 1,000 and then 100,000 records (`BENCH_OTHER_ROWS`), the
 * season itself always 200 carcasses. A flat read costs the same at both sizes: the table prints the median
 * time of a read of `GET /larder` and of the store's season list, and their ratio.
 *
 * Then a team's read beside a member's own: a team of 30 members with 10,000 records each (`BENCH_TEAM_MEMBERS`,
 * `BENCH_TEAM_RECORDS`), half of each member's on the team's three grounds; each member's season and the team's
 * season hold 200 carcasses alike. The second table prints the median of `GET /larder?team=` and of a member's own
 * `GET /larder`, read in turn, their ratio (the target: the team's within 1.5 times the member's) and the median of
 * the ratio of each pair of reads, which a shared machine's busy moments sway less.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { teamOwnerId } from '@cull-log/contracts';
import { createSampleEventLog } from '@cull-log/eventstore/testing';
import { TEST_PUBLIC_KEY, identityHeadersFor } from '@cull-log/service-kit/testing';
import { exportsService } from '../exports-service';
import { openSqliteExportStore } from '../store/sqlite';
import { teamIdentityHeaders } from '../testing/team-requests';

const identityHeaders = identityHeadersFor('exports');

const SEASON_ROWS = 200;
const SIZES = (process.env.BENCH_OTHER_ROWS ?? '1000,100000').split(',').map(Number);
const READS = 300;
const NOW = new Date('2026-11-20T12:00:00Z');

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

async function measure(otherRows: number) {
  const directory = mkdtempSync(join(tmpdir(), 'cull-log-larder-bench-'));
  const store = openSqliteExportStore({ file: join(directory, 'exports.db') });
  const log = createSampleEventLog();
  const dayOf = (index: number, firstYear: number, years: number) =>
    `${firstYear + (index % years)}-${String(1 + (index % 12)).padStart(2, '0')}-${String(1 + (index % 28)).padStart(2, '0')}`;
  for (let index = 0; index < otherRows; index++) {
    // Dates from 2006 to 2024, every month: the twenty seasons 2005/06 to 2024/25.
    log.recorded('stalker', { date: dayOf(index, 2006, 19), carcass_tag: `O-${index}` });
    if (log.events.length >= 5000) await store.applyBatch(log.events.splice(0));
  }
  for (let index = 0; index < SEASON_ROWS; index++) {
    log.recorded('stalker', {
      date: `2026-${String(4 + (index % 8)).padStart(2, '0')}-${String(1 + (index % 28)).padStart(2, '0')}`,
      carcass_tag: `S-${index}`,
      carcass_destination: index % 2 === 0 ? 'Game dealer' : 'Own use',
    });
  }
  await store.applyBatch(log.events.splice(0));

  const app = exportsService.buildApp({
    projectionStore: store,
    logger: pino({ level: 'silent' }),
    internalAuthPublicKey: TEST_PUBLIC_KEY,
    now: () => NOW,
  });
  await app.ready();
  const url = '/larder?season=2026/27';
  const read = async () => {
    const response = await app.inject({ method: 'GET', url, headers: identityHeaders('stalker', url, NOW) });
    if (response.json().items.length !== SEASON_ROWS) throw new Error('the season did not read back whole');
  };
  for (let warm = 0; warm < 30; warm++) await read();
  const pageTimes: number[] = [];
  for (let index = 0; index < READS; index++) {
    const started = performance.now();
    await read();
    pageTimes.push(performance.now() - started);
  }
  const seasonTimes: number[] = [];
  for (let index = 0; index < READS; index++) {
    const started = performance.now();
    await store.larderSeasons('stalker', '04-01');
    seasonTimes.push(performance.now() - started);
  }
  await app.close();
  await store.close();
  rmSync(directory, { recursive: true, force: true });
  return { otherRows, page: median(pageTimes), seasons: median(seasonTimes) };
}

const TEAM_MEMBERS = Number(process.env.BENCH_TEAM_MEMBERS ?? 30);
const TEAM_RECORDS = Number(process.env.BENCH_TEAM_RECORDS ?? 10_000);
const TEAM_GROUNDS = 3;

/** A team's season read and one member's own, from one store holding every member's records. */
async function measureTeam() {
  const directory = mkdtempSync(join(tmpdir(), 'cull-log-team-larder-bench-'));
  const store = openSqliteExportStore({ file: join(directory, 'exports.db') });
  const log = createSampleEventLog();
  const teamId = randomUUID();
  const teamGrounds = Array.from(
    { length: TEAM_GROUNDS },
    (_, index) => log.groundCreated(teamOwnerId(teamId), `Team ground ${index + 1}`).streamId,
  );
  const members = Array.from({ length: TEAM_MEMBERS }, (_, index) => `member-${index}`);
  // The team's season: 200 carcasses shared among the members, the first ones one more.
  const teamSeasonOf = (member: number) =>
    Math.floor(SEASON_ROWS / TEAM_MEMBERS) + (member < SEASON_ROWS % TEAM_MEMBERS ? 1 : 0);
  const seasonDay = (index: number) =>
    `2026-${String(4 + (index % 8)).padStart(2, '0')}-${String(1 + (index % 28)).padStart(2, '0')}`;
  const oldDay = (index: number) =>
    `${2006 + (index % 19)}-${String(1 + (index % 12)).padStart(2, '0')}-${String(1 + (index % 28)).padStart(2, '0')}`;
  const seedStarted = performance.now();
  for (const [member, uid] of members.entries()) {
    log.memberLinked(uid, teamId, `m-${member}`, `Member ${member}`);
    if (member === 0) log.teamCreated(teamId, 'Bench Syndicate', `m-${member}`);
    else log.memberJoined(teamId, `m-${member}`);
    const ownGround = log.groundCreated(uid, `Own ground ${member}`).streamId;
    const onTeam = teamSeasonOf(member);
    for (let index = 0; index < TEAM_RECORDS; index++) {
      // Each member's season: 200 carcasses, `onTeam` of them on the team's grounds; the rest in older seasons.
      const inSeason = index < SEASON_ROWS;
      const teamGround = teamGrounds[index % TEAM_GROUNDS] as string;
      const groundId = inSeason
        ? index < onTeam
          ? teamGround
          : ownGround
        : index % 2 === 0
          ? teamGround
          : ownGround;
      const recorded = log.recorded(uid, {
        date: inSeason ? seasonDay(index) : oldDay(index),
        carcass_tag: `${member}-${index}`,
        carcass_destination: index % 2 === 0 ? 'Game dealer' : 'Own use',
      });
      log.placed(uid, recorded.streamId, groundId);
      if (log.events.length >= 5000) await store.applyBatch(log.events.splice(0));
    }
  }
  await store.applyBatch(log.events.splice(0));
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  const app = exportsService.buildApp({
    projectionStore: store,
    logger: pino({ level: 'silent' }),
    internalAuthPublicKey: TEST_PUBLIC_KEY,
    now: () => NOW,
  });
  await app.ready();
  const uid = members[0] as string;
  const ownUrl = '/larder?season=2026/27';
  const teamUrl = `/larder?team=${teamId}&season=2026/27`;
  const access = { team_id: teamId, role: 'manager' as const, member_id: 'm-0' };
  const read = async (url: string, headers: Record<string, string>) => {
    const response = await app.inject({ method: 'GET', url, headers });
    if (response.json().items.length !== SEASON_ROWS) throw new Error(`${url} did not read the season whole`);
  };
  const readOwn = () => read(ownUrl, identityHeaders(uid, ownUrl, NOW));
  const readTeam = () => read(teamUrl, teamIdentityHeaders(uid, access, teamUrl, NOW));
  for (let warm = 0; warm < 30; warm++) {
    await readOwn();
    await readTeam();
  }
  const ownTimes: number[] = [];
  const teamTimes: number[] = [];
  // In turn, so a slower moment of a shared machine falls on both alike.
  for (let index = 0; index < READS; index++) {
    let started = performance.now();
    await readOwn();
    ownTimes.push(performance.now() - started);
    started = performance.now();
    await readTeam();
    teamTimes.push(performance.now() - started);
  }
  await app.close();
  await store.close();
  rmSync(directory, { recursive: true, force: true });
  // Each team read over the member's read just before it: a busy moment of the machine slows both of a pair.
  const pairRatio = median(teamTimes.map((time, index) => time / (ownTimes[index] as number)));
  return { own: median(ownTimes), team: median(teamTimes), pairRatio, seedSeconds };
}

const results = [];
for (const size of SIZES) results.push(await measure(size));
const first = results[0];
console.table(
  results.map((result) => ({
    'other seasons rows': result.otherRows,
    'GET /larder (200 carcasses), median ms': result.page.toFixed(2),
    'season list, median ms': result.seasons.toFixed(3),
    'GET /larder vs first size': first ? (result.page / first.page).toFixed(2) : '',
  })),
);

const team = await measureTeam();
console.log(
  `A team of ${TEAM_MEMBERS} members with ${TEAM_RECORDS.toLocaleString('en-GB')} records each ` +
    `(seeded in ${team.seedSeconds.toFixed(0)} s):`,
);
console.table([
  {
    'member’s own GET /larder (200 carcasses), median ms': team.own.toFixed(2),
    'team’s GET /larder?team= (200 carcasses), median ms': team.team.toFixed(2),
    'team ÷ own, of the medians (target ≤ 1.5)': (team.team / team.own).toFixed(2),
    'team ÷ own, median of the pairs': team.pairRatio.toFixed(2),
  },
]);
