import type { Count, SpeciesDensity } from '@cull-log/contracts';

/** What the densities need of a count: its day, method, lines, a dung count's density, and when it was recorded. */
export type DensityCount = Pick<Count, 'date' | 'method' | 'items' | 'created_at'> & {
  dung: Pick<NonNullable<Count['dung']>, 'species' | 'deer_per_km2'> | null;
};

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Each species' density on a ground of this area (km²) from the latest count that names it (by its day, then the
 * later recorded): a count by sight adds up its lines of the species over the area; a dung count's is its own
 * density, its deer that density over the area in whole deer. Species by name.
 */
export function groundDensities(counts: readonly DensityCount[], areaKm2: number): SpeciesDensity[] {
  const newestFirst = [...counts].sort(
    (a, b) => compareText(b.date, a.date) || compareText(b.created_at, a.created_at),
  );
  const bySpecies = new Map<string, SpeciesDensity>();
  for (const count of newestFirst) {
    if (count.dung !== null) {
      if (bySpecies.has(count.dung.species)) continue;
      bySpecies.set(count.dung.species, {
        species: count.dung.species,
        count: Math.round(count.dung.deer_per_km2 * areaKm2),
        density_per_km2: count.dung.deer_per_km2,
        method: count.method,
        date: count.date,
      });
      continue;
    }
    const totals = new Map<string, number>();
    for (const item of count.items) totals.set(item.species, (totals.get(item.species) ?? 0) + item.count);
    for (const [species, deer] of totals) {
      if (bySpecies.has(species)) continue;
      bySpecies.set(species, {
        species,
        count: deer,
        density_per_km2: deer / areaKm2,
        method: count.method,
        date: count.date,
      });
    }
  }
  return [...bySpecies.values()].sort((a, b) => compareText(a.species, b.species));
}
