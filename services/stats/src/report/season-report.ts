import type { OutingFigures, PlanProgressRow, SeasonDeerManagement, SeasonStart } from '@cull-log/contracts';
import {
  averageWeightKg,
  destinationsOf,
  warningsOf,
  outingFiguresOf,
  progressFromCounts,
  seasonMonths,
  type Season,
} from '@cull-log/domain';
import { memberNames } from '../stats-figures';
import { deerManagementReport, type GroundDeerManagementReport } from './deer-management-report';
import type { SeasonRead, TeamSeasonRead } from '../store/stats-store';

/** What a season report says, shaped from the projection's read of the season. */
export interface SeasonReport {
  season: Season;
  seasonStart: SeasonStart;
  /** Whose report it is: their name, else their e-mail. */
  stalker: string;
  /** The day it was made, YYYY-MM-DD in London. */
  madeOn: string;
  total: number;
  /** Plan progress, each line with its ground's name ('All grounds' for the all-grounds plan). */
  plan: Array<PlanProgressRow & { ground: string }>;
  byGround: Array<{ ground: string; count: number }>;
  byMonth: Array<{ month: string; count: number }>;
  outings: OutingFigures;
  weights: Array<{ species: string; sex: string; culled: number; weighed: number; averageKg: number | null }>;
  /** Every carcass destination with its count (0 included), then the culls with none recorded. */
  destinations: Array<{ destination: string; count: number }>;
  /** Each legal warning with how many of the season's culls have it (0 included). */
  warnings: Array<{ code: string; warning: string; count: number }>;
  /** A team's report: the team's name, and each member's culls by species. */
  team?: TeamOfReport;
  /** Each ground with something counted or seen in the season: its counts, density, effort and suggested cull. */
  deerManagement: GroundDeerManagementReport[];
}

/** What a team's season report adds: its name as the heading and a table of each member's culls. */
export interface TeamOfReport {
  name: string;
  members: Array<{ member: string; species: string; count: number }>;
}

/** A team's part of its season report: its members' culls by species, by name. */
export function teamOfReport(team: TeamSeasonRead): TeamOfReport {
  const nameOf = memberNames(team);
  const lines = new Map<string, { member: string; species: string; count: number }>();
  for (const { memberId, counts } of team.members) {
    const member = nameOf(memberId).name;
    for (const count of counts) {
      const id = `${memberId}\u0000${count.species}`;
      const line = lines.get(id) ?? { member, species: count.species, count: 0 };
      line.count += count.count;
      lines.set(id, line);
    }
  }
  return {
    name: team.name ?? 'Team',
    members: [...lines.values()]
      .filter((line) => line.count > 0)
      .sort((a, b) => a.member.localeCompare(b.member, 'en-GB') || compareText(a.species, b.species)),
  };
}

export const ALL_GROUNDS = 'All grounds';
export const NO_GROUND = 'No ground';
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function sumBy<K>(entries: Iterable<[K, number]>): Map<K, number> {
  const sums = new Map<K, number>();
  for (const [key, amount] of entries) sums.set(key, (sums.get(key) ?? 0) + amount);
  return sums;
}

export function seasonReport({
  season,
  seasonStart,
  stalker,
  madeOn,
  read,
  team,
  deerManagement,
}: {
  season: Season;
  seasonStart: SeasonStart;
  stalker: string;
  madeOn: string;
  read: SeasonRead;
  team?: TeamOfReport;
  /** The records service's figures of the season's deer management, where the report has them. */
  deerManagement?: SeasonDeerManagement;
}): SeasonReport {
  const groundName = (groundId: string | null) =>
    groundId === null ? NO_GROUND : (read.groundNames[groundId] ?? 'A ground no longer kept');
  const byGround = sumBy(read.counts.map((count) => [groundName(count.ground_id), count.count]));
  const byMonth = sumBy(read.counts.map((count) => [count.month, count.count]));
  const weights = new Map<
    string,
    { species: string; sex: string; culled: number; weighed: number; grams: number }
  >();
  for (const count of read.counts) {
    const id = `${count.species}\u0000${count.sex}`;
    const line = weights.get(id) ?? {
      species: count.species,
      sex: count.sex,
      culled: 0,
      weighed: 0,
      grams: 0,
    };
    line.culled += count.count;
    line.weighed += count.weighed;
    line.grams += count.weightGrams;
    weights.set(id, line);
  }
  const total = read.counts.reduce((sum, count) => sum + count.count, 0);
  return {
    season,
    seasonStart,
    stalker,
    madeOn,
    total,
    plan: progressFromCounts(read.counts, read.plans).map((row) => ({
      ...row,
      ground: row.ground_id === null ? ALL_GROUNDS : groundName(row.ground_id),
    })),
    byGround: [...byGround]
      .map(([ground, count]) => ({ ground, count }))
      .sort((a, b) => compareText(a.ground, b.ground)),
    byMonth: seasonMonths(season).map((month) => ({ month, count: byMonth.get(month) ?? 0 })),
    outings: outingFiguresOf(read.outings),
    weights: [...weights.values()]
      .sort((a, b) => compareText(a.species, b.species) || compareText(a.sex, b.sex))
      .map(({ species, sex, culled, weighed, grams }) => ({
        species,
        sex,
        culled,
        weighed,
        averageKg: averageWeightKg(grams, weighed),
      })),
    destinations: destinationsOf(read.destinations, total),
    warnings: warningsOf(read.warnings),
    ...(team !== undefined && { team }),
    deerManagement:
      deerManagement === undefined ? [] : deerManagementReport(deerManagement, read.counts, read.plans),
  };
}
