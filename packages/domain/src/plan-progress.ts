import type { Plan, PlanMemberProgressRow, PlanProgressRow } from '@cull-log/contracts';
import { inSeason, type Season } from './seasons';
import type { MemberAllocation } from './settings-plans';

/** What plan progress needs of a live record. */
export interface PlanRecord {
  date: string;
  species: string;
  sex: string;
  age_estimate: string;
  ground_id: string | null;
}

/**
 * A count of records sharing what decides their class: the ground, the species, the sex, and whether the record is
 * a young animal. A projection keeps these per month, since the season a month is in depends on the user's start.
 */
export interface PlanCount {
  ground_id: string | null;
  species: string;
  sex: string;
  young: boolean;
  count: number;
}

type RowClass = PlanProgressRow['class'];
const CLASS_ORDER: readonly RowClass[] = ['Male', 'Female', 'Juvenile', 'Unknown'];

/** A record of a young animal, which counts as Juvenile where the plan has a Juvenile target for its species. */
export const isYoung = (ageEstimate: string): boolean => ageEstimate === 'Young';

/** The class a count falls in under a plan: Juvenile by the plan's own split, else its sex. */
export function planClassOf(
  count: Pick<PlanCount, 'species' | 'sex' | 'young'>,
  juvenileSpecies: ReadonlySet<string>,
): RowClass {
  if (count.young && juvenileSpecies.has(count.species)) return 'Juvenile';
  return count.sex === 'Male' || count.sex === 'Female' ? count.sex : 'Unknown';
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The season's progress from the counts of its records and its plans. The all-grounds line counts every record
 * and is always there; a ground has lines when it has a plan, counting the records placed on it. Each target is a
 * line; a class culled with no target is a line with target and left null.
 */
export function progressFromCounts(counts: readonly PlanCount[], plans: readonly Plan[]): PlanProgressRow[] {
  const allGrounds = plans.find((plan) => plan.ground_id === null) ?? { ground_id: null, targets: [] };
  const groundPlans = plans.filter((plan) => plan.ground_id !== null);
  const rows: PlanProgressRow[] = [];
  for (const plan of [allGrounds, ...groundPlans]) {
    const juvenileSpecies = new Set(
      plan.targets.filter((target) => target.class === 'Juvenile').map((target) => target.species),
    );
    const lines = new Map<
      string,
      { species: string; class: RowClass; target: number | null; actual: number }
    >();
    const lineOf = (species: string, rowClass: RowClass) => {
      const id = `${species}\u0000${rowClass}`;
      let line = lines.get(id);
      if (line === undefined) {
        line = { species, class: rowClass, target: null, actual: 0 };
        lines.set(id, line);
      }
      return line;
    };
    for (const target of plan.targets) lineOf(target.species, target.class).target = target.target;
    for (const count of counts) {
      if (count.count === 0) continue;
      if (plan.ground_id !== null && count.ground_id !== plan.ground_id) continue;
      lineOf(count.species, planClassOf(count, juvenileSpecies)).actual += count.count;
    }
    const sorted = [...lines.values()].sort(
      (a, b) =>
        compareText(a.species, b.species) || CLASS_ORDER.indexOf(a.class) - CLASS_ORDER.indexOf(b.class),
    );
    for (const line of sorted) {
      rows.push({
        ground_id: plan.ground_id,
        species: line.species,
        class: line.class,
        target: line.target,
        actual: line.actual,
        left: line.target === null ? null : Math.max(line.target - line.actual, 0),
        exceeded: line.target !== null && line.actual > line.target,
      });
    }
  }
  return rows;
}

/** One member's counts of a team's season, by the member id the team knows them by. */
export interface MemberCounts {
  memberId: string;
  counts: readonly PlanCount[];
}

/** Who a member is as a team's figures name them: their uid and name while linked, else a former member. */
export interface MemberNaming {
  uid: string | null;
  name: string;
}

/**
 * Each member's progress in a team's plan ("Ann 2 of 3 roe does"): a line per share, counting what they culled of its
 * species and class on its ground, and a line (target null) per class they culled on a ground where they have no
 * share of it. A young animal counts as Juvenile where the ground's plan, the all-grounds plan or a share on the ground
 * has a Juvenile target for its species. Lines by name, then ground, species and class.
 */
export function memberProgressFromCounts(
  members: readonly MemberCounts[],
  allocations: readonly MemberAllocation[],
  plans: readonly Plan[],
  nameOf: (memberId: string) => MemberNaming,
): PlanMemberProgressRow[] {
  const juvenileTargets = (groundId: string | null) =>
    new Set([
      ...plans
        .filter((plan) => plan.ground_id === null || plan.ground_id === groundId)
        .flatMap((plan) => plan.targets)
        .filter((target) => target.class === 'Juvenile')
        .map((target) => target.species),
      ...allocations
        .filter((share) => share.ground_id === groundId && share.class === 'Juvenile')
        .map((share) => share.species),
    ]);
  const lines = new Map<string, PlanMemberProgressRow & { memberId: string }>();
  const lineOf = (memberId: string, groundId: string | null, species: string, rowClass: RowClass) => {
    const id = [memberId, groundId ?? '', species, rowClass].join('\u0000');
    let line = lines.get(id);
    if (line === undefined) {
      const { uid, name } = nameOf(memberId);
      line = { memberId, uid, name, ground_id: groundId, species, class: rowClass, target: null, actual: 0 };
      lines.set(id, line);
    }
    return line;
  };
  for (const share of allocations) {
    lineOf(share.member_id, share.ground_id, share.species, share.class).target = share.target;
  }
  const juvenileByGround = new Map<string | null, ReadonlySet<string>>();
  for (const { memberId, counts } of members) {
    for (const count of counts) {
      if (count.count === 0) continue;
      let juveniles = juvenileByGround.get(count.ground_id);
      if (juveniles === undefined) {
        juveniles = juvenileTargets(count.ground_id);
        juvenileByGround.set(count.ground_id, juveniles);
      }
      lineOf(memberId, count.ground_id, count.species, planClassOf(count, juveniles)).actual += count.count;
    }
  }
  return [...lines.values()]
    .sort(
      (a, b) =>
        a.name.localeCompare(b.name, 'en-GB') ||
        compareText(a.memberId, b.memberId) ||
        compareText(a.ground_id ?? '', b.ground_id ?? '') ||
        compareText(a.species, b.species) ||
        CLASS_ORDER.indexOf(a.class) - CLASS_ORDER.indexOf(b.class),
    )
    .map(({ memberId: _memberId, ...row }) => row);
}

/** The counts of the season's records, as a projection sums them from its months. */
export function planCountsOf(
  records: Iterable<PlanRecord>,
  season: Pick<Season, 'from' | 'to'>,
): PlanCount[] {
  const counts = new Map<string, PlanCount>();
  for (const record of records) {
    if (!inSeason(record.date, season)) continue;
    const young = isYoung(record.age_estimate);
    const id = [record.ground_id ?? '', record.species, record.sex, young].join('\u0000');
    const seen = counts.get(id);
    if (seen) seen.count += 1;
    else
      counts.set(id, {
        ground_id: record.ground_id,
        species: record.species,
        sex: record.sex,
        young,
        count: 1,
      });
  }
  return [...counts.values()];
}

/** Plan progress computed straight from the records: what the projection's answer must equal. */
export function computePlanProgress(
  records: Iterable<PlanRecord>,
  plans: readonly Plan[],
  season: Pick<Season, 'from' | 'to'>,
): PlanProgressRow[] {
  return progressFromCounts(planCountsOf(records, season), plans);
}
