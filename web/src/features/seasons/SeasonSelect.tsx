import { Select, type SelectOption } from '../../ui/Select';

interface SeasonSelectProps {
  season: string;
  options: readonly SelectOption[];
  onChange(season: string): void;
}

/** The season a screen shows, labelled 2026/27. */
export function SeasonSelect({ season, options, onChange }: SeasonSelectProps) {
  return (
    <Select
      label="Season"
      name="season"
      className="season-select"
      options={options}
      value={season}
      onChange={(value) => {
        if (value !== '') onChange(value);
      }}
    />
  );
}
