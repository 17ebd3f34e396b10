import type { Plan, PlanTarget, SuggestedCullRow } from '@cull-log/contracts';

const CLASS_ORDER: readonly PlanTarget['class'][] = ['Male', 'Female', 'Juvenile'];

/**
 * A suggestion's lines as a plan's targets, for each species suggested: its adult males (Male), adult females
 * (Female) and young of either sex (Juvenile), so that plan progress counts a young cull against the young. A class
 * with none suggested is a target of 0, so the plan says so rather than leaving the class open.
 */
export function planTargetsOf(rows: readonly SuggestedCullRow[]): PlanTarget[] {
  const targets = new Map<string, PlanTarget>();
  for (const row of rows) {
    const planClass = row.age_class === 'Young' ? 'Juvenile' : row.sex;
    for (const each of CLASS_ORDER) {
      const key = `${row.species}|${each}`;
      if (!targets.has(key))
        targets.set(key, { species: row.species as PlanTarget['species'], class: each, target: 0 });
    }
    targets.get(`${row.species}|${planClass}`)!.target += row.suggested;
  }
  return [...targets.values()];
}

/**
 * The season's plans with a ground's targets for the suggested species replaced by the suggestion's: that ground's
 * other species, and every other plan, as they were; a ground with no plan yet gets one.
 */
export function plansWithSuggestion(
  plans: readonly Plan[],
  groundId: string,
  targets: readonly PlanTarget[],
): Plan[] {
  const suggested = new Set(targets.map((target) => target.species));
  const existing = plans.find((plan) => plan.ground_id === groundId);
  const kept = existing?.targets.filter((target) => !suggested.has(target.species)) ?? [];
  const merged: Plan = { ground_id: groundId, targets: [...kept, ...targets] };
  return existing === undefined
    ? [...plans, merged]
    : plans.map((plan) => (plan.ground_id === groundId ? merged : plan));
}
