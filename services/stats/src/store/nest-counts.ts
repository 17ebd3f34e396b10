/** species → sex → count. Built from Maps because species are free text ("__proto__" must stay a plain key). */
export function nestCounts(rows: Iterable<{ species: string; sex: string; count: number }>) {
  const bySpecies = new Map<string, Map<string, number>>();
  for (const { species, sex, count } of rows) {
    const bySex = bySpecies.get(species) ?? new Map<string, number>();
    bySex.set(sex, count);
    bySpecies.set(species, bySex);
  }
  return Object.fromEntries([...bySpecies].map(([species, bySex]) => [species, Object.fromEntries(bySex)]));
}
