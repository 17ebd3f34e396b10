interface SpeciesChartProps {
  breakdown: Record<string, number>;
}

/** Horizontal bars, largest first; each bar is labelled with its species and count, so no legend is needed. */
export function SpeciesChart({ breakdown }: SpeciesChartProps) {
  const entries = Object.entries(breakdown)
    .filter(([, count]) => count > 0)
    .sort(([speciesA, countA], [speciesB, countB]) => countB - countA || speciesA.localeCompare(speciesB));
  const largest = Math.max(1, ...entries.map(([, count]) => count));
  return (
    <ul className="bar-chart" aria-label="Culls by species">
      {entries.map(([species, count]) => (
        <li key={species} className="bar-chart__row">
          <span className="bar-chart__label">{species}</span>
          <span className="bar-chart__track" aria-hidden="true">
            <span className="bar-chart__bar" style={{ width: `${(count / largest) * 100}%` }} />
          </span>
          <span className="bar-chart__value">{count}</span>
        </li>
      ))}
    </ul>
  );
}
