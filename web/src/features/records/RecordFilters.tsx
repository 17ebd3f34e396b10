import {
  CARCASS_DESTINATIONS,
  OTHER,
  SEXES,
  SPECIES,
  type ListCullsQuery as ListCullsParams,
} from '@cull-log/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { outingsQuery } from '../grounds/api';
import { formatUkDate, formatUkTime } from '../../lib/format';
import { scopeGroundsQuery } from '../teams/api';
import { Button } from '../../ui/Button';
import { Select } from '../../ui/Select';

/** The list's filters, as its address and the API name them. */
export type RecordFilterValues = Pick<
  ListCullsParams,
  'ground_id' | 'outing_id' | 'species' | 'sex' | 'destination'
>;

/** The choice that filters nothing. */
const ANY = 'any';

/** An outing as the filter names it: when it started, on the browser's clock, and its ground. */
function outingLabel(startedAt: string, ground: { name: string } | undefined): string {
  const at = new Date(startedAt);
  return `${formatUkDate(at)} ${formatUkTime(at)}${ground === undefined ? '' : `, ${ground.name}`}`;
}

/** How many filters narrow the list. */
export function activeFilterCount(filters: RecordFilterValues): number {
  return [filters.ground_id, filters.outing_id, filters.species, filters.sex, filters.destination].filter(
    (value) => value !== undefined,
  ).length;
}

interface RecordFiltersProps {
  filters: RecordFilterValues;
  /** A filter chosen (a value) or cleared (undefined). */
  onChange(changes: RecordFilterValues): void;
  /** A team's list: its grounds; no outing filter, as outings are each stalker's own. */
  teamId: string | undefined;
  /** On a phone the filters fold away behind a "Filters" disclosure, so the records are on the first screen. */
  folded: boolean;
}

/** The records list's filters: ground, species, sex, carcass destination and (for a user's own list) outing. */
export function RecordFilters({ filters, onChange, teamId, folded }: RecordFiltersProps) {
  const active = activeFilterCount(filters);
  // Folded away and never opened, the filters read nothing: the grounds and outings come when they are shown.
  const [opened, setOpened] = useState(active > 0);
  const shown = !folded || opened;
  const grounds = useQuery({ ...scopeGroundsQuery(teamId), enabled: shown });
  const outings = useQuery({ ...outingsQuery(), enabled: shown && teamId === undefined });

  const choice = (value: string) => (value === ANY || value === '' ? undefined : value);
  const fields: ReactNode = (
    <div className="record-filters__fields">
      <Select
        label="Ground"
        name="ground_id"
        options={[
          { id: ANY, label: 'Any ground' },
          ...(grounds.data ?? []).map((ground) => ({ id: ground.id, label: ground.name })),
        ]}
        value={filters.ground_id ?? ANY}
        onChange={(value) => onChange({ ground_id: choice(value) })}
      />
      <Select
        label="Species"
        name="species"
        options={[{ id: ANY, label: 'Any species' }, ...SPECIES.filter((species) => species !== OTHER)]}
        value={filters.species ?? ANY}
        onChange={(value) => onChange({ species: choice(value) })}
      />
      <Select
        label="Sex"
        name="sex"
        options={[{ id: ANY, label: 'Either sex' }, ...SEXES]}
        value={filters.sex ?? ANY}
        onChange={(value) => onChange({ sex: choice(value) as RecordFilterValues['sex'] })}
      />
      <Select
        label="Destination"
        name="destination"
        options={[{ id: ANY, label: 'Any destination' }, ...CARCASS_DESTINATIONS]}
        value={filters.destination ?? ANY}
        onChange={(value) => onChange({ destination: choice(value) as RecordFilterValues['destination'] })}
      />
      {teamId === undefined ? (
        <Select
          label="Outing"
          name="outing_id"
          options={[
            { id: ANY, label: 'Any outing' },
            ...(outings.data?.items ?? []).map((outing) => ({
              id: outing.id,
              label: outingLabel(
                outing.started_at,
                grounds.data?.find((ground) => ground.id === outing.ground_id),
              ),
            })),
          ]}
          value={filters.outing_id ?? ANY}
          onChange={(value) => onChange({ outing_id: choice(value) })}
        />
      ) : null}
      {active > 0 ? (
        <Button
          variant="secondary"
          className="record-filters__clear"
          onPress={() =>
            onChange({
              ground_id: undefined,
              outing_id: undefined,
              species: undefined,
              sex: undefined,
              destination: undefined,
            })
          }
        >
          Clear filters
        </Button>
      ) : null}
    </div>
  );

  if (!folded)
    return (
      <fieldset className="record-filters">
        <legend className="visually-hidden">Filters</legend>
        {fields}
      </fieldset>
    );
  return (
    <details
      className="record-filters record-filters--folded"
      open={opened}
      onToggle={(event) => setOpened(event.currentTarget.open)}
    >
      <summary className="record-filters__summary">Filters{active > 0 ? ` (${active})` : ''}</summary>
      {fields}
    </details>
  );
}
