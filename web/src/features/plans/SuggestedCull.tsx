import type { CullSuggestionResponse, SpeciesDensity, SuggestionWorking } from '@cull-log/contracts';
import { DEFAULT_SEASONS_TO_TARGET, RECRUITMENT_SOURCE } from '@cull-log/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { ApiRequestError, errorMessage } from '../../api/client';
import { refreshAfter } from '../../api/keys';
import { useOnline } from '../../api/useOnline';
import { formatDate } from '../../lib/format';
import { Button } from '../../ui/Button';
import { useFeedback } from '../../ui/feedback-context';
import { Select } from '../../ui/Select';
import { StatusMessage } from '../../ui/StatusMessage';
import { TextField } from '../../ui/TextField';
import { densityQuery } from '../counts/api';
import { figure, methodLabel, WorkingSteps } from '../counts';
import { seasonLabel } from '../seasons';
import { scopeGroundsQuery } from '../teams/api';
import {
  acceptSuggestion,
  NO_VALUES,
  suggestionQuery,
  suggestionSearch,
  type SuggestionValues,
} from './suggestion-api';

type Typed = SuggestionValues['species'][string];

const COLUMNS = [
  { sex: 'Male', age_class: 'Adult', label: 'Male adult' },
  { sex: 'Female', age_class: 'Adult', label: 'Female adult' },
  { sex: 'Male', age_class: 'Young', label: 'Male young' },
  { sex: 'Female', age_class: 'Young', label: 'Female young' },
] as const;

/** The values first answered (the saved ones, else the defaults), as the form shows them. */
function defaultsOf(working: readonly SuggestionWorking[]): Record<string, Typed> {
  return Object.fromEntries(
    working.map((each) => [
      each.species,
      {
        // A target shows only when saved: left empty, the species is held where it is.
        target_density:
          each.sources?.target_density === 'saved' && each.target_density !== undefined
            ? String(each.target_density)
            : '',
        recruitment: each.recruitment === null ? '' : String(each.recruitment),
        female_share: each.female_share === null ? '' : String(each.female_share),
      },
    ]),
  );
}

/** What the form sends: only the values the manager changed, so the working names the defaults as defaults. */
function changedValues(typed: SuggestionValues, defaults: Record<string, Typed>): SuggestionValues {
  const species = Object.fromEntries(
    Object.entries(typed.species).map(([name, values]) => {
      const given = defaults[name];
      const changed = (key: keyof Typed) =>
        given !== undefined && values[key] === given[key] ? '' : values[key];
      return [
        name,
        {
          target_density: values.target_density,
          recruitment: changed('recruitment'),
          female_share: changed('female_share'),
        },
      ];
    }),
  );
  return { species, seasons: typed.seasons };
}

/** The cull by sex and class, a column a species (a phone holds a few species side by side, not four classes). */
function SuggestionRows({ answer, season }: { answer: CullSuggestionResponse; season: string }) {
  const species = [...new Set(answer.rows.map((row) => row.species))];
  if (species.length === 0) return <p className="muted">No cull is suggested: see the working below.</p>;
  const suggested = (name: string, sex?: string, age?: string) =>
    answer.rows
      .filter(
        (row) =>
          row.species === name &&
          (sex === undefined || row.sex === sex) &&
          (age === undefined || row.age_class === age),
      )
      .reduce((sum, row) => sum + row.suggested, 0);
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Suggested cull by sex and class">
      <table className="simple-table suggestion-table">
        <caption>Suggested cull for {seasonLabel(season)}</caption>
        <thead>
          <tr>
            <th scope="col">Class</th>
            {species.map((name) => (
              <th scope="col" key={name}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {COLUMNS.map((column) => (
            <tr key={column.label}>
              <th scope="row">{column.label}</th>
              {species.map((name) => (
                <td key={name}>{suggested(name, column.sex, column.age_class)}</td>
              ))}
            </tr>
          ))}
          <tr>
            <th scope="row">Total</th>
            {species.map((name) => (
              <td key={name}>
                <strong>{suggested(name)}</strong>
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/** A ground with no boundary: the server says to draw it, which is a next step rather than a fault. */
const boundaryRefused = (error: unknown) =>
  error instanceof ApiRequestError && error.fields?.boundary !== undefined;

/** Whether a suggestion's query (`ground=…&…`) is of this ground. */
const sameGround = (search: string, groundId: string | undefined) =>
  groundId !== undefined && new URLSearchParams(search).get('ground') === groundId;

const KIND_WORDS = { reduction: 'reduction cull', maintenance: 'maintenance cull' } as const;

function SpeciesWorking({ working }: { working: SuggestionWorking }) {
  const heading =
    working.kind === 'none'
      ? `${working.species}: no suggestion`
      : `${working.species}: ${KIND_WORDS[working.kind]} of ${working.cull ?? 0}`;
  return (
    <section className="suggestion-working" aria-label={`Working for ${working.species}`}>
      <h4 className="suggestion-working__heading">{heading}</h4>
      {working.reason ? <p className="field__error">{working.reason.message}</p> : null}
      {working.steps.length > 0 ? (
        <WorkingSteps steps={working.steps} label={`Steps for ${working.species}`} />
      ) : null}
      {working.projection.length > 1 ? (
        <details className="suggestion-working__projection">
          <summary>Season by season</summary>
          <div
            className="table-scroll"
            tabIndex={0}
            role="region"
            aria-label={`${working.species} season by season`}
          >
            <table className="simple-table">
              <thead>
                <tr>
                  <th scope="col">Season</th>
                  <th scope="col">Deer at the start</th>
                  <th scope="col">Young</th>
                  <th scope="col">Cull</th>
                  <th scope="col">Deer at the end</th>
                </tr>
              </thead>
              <tbody>
                {working.projection.map((each) => (
                  <tr key={each.season}>
                    <th scope="row">{each.season}</th>
                    <td>{figure(each.start)}</td>
                    <td>{figure(each.births)}</td>
                    <td>{each.cull}</td>
                    <td>{figure(each.end)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      ) : null}
    </section>
  );
}

interface SpeciesFieldsProps {
  species: string;
  density: SpeciesDensity | undefined;
  /** The target saved with the plan last accepted, if any: an empty box goes back to it. */
  savedTarget: number | undefined;
  typed: Typed;
  onChange(changes: Partial<Typed>): void;
}

function SpeciesFields({ species, density, savedTarget, typed, onChange }: SpeciesFieldsProps) {
  const now = density ? `${figure(density.density_per_km2)} deer per km²` : undefined;
  return (
    <fieldset className="suggestion-species">
      <legend>{species}</legend>
      {density ? (
        <p className="form__hint">
          Now {now}: {density.count} counted ({methodLabel(density.method)}, {formatDate(density.date)}).
        </p>
      ) : null}
      <div className="form__grid">
        <TextField
          label={`${species} target density (deer per km²)`}
          description={
            savedTarget !== undefined
              ? `Saved with the plan last accepted: ${figure(savedTarget)} deer per km²`
              : now
                ? `Empty: hold it at ${now}`
                : 'Empty: hold it where it is'
          }
          type="number"
          inputMode="decimal"
          min={0}
          value={typed.target_density}
          onChange={(target_density) => onChange({ target_density })}
        />
        <TextField
          label={`${species} recruitment (% a year)`}
          type="number"
          inputMode="decimal"
          min={0}
          max={100}
          value={typed.recruitment}
          onChange={(recruitment) => onChange({ recruitment })}
        />
        <TextField
          label={`${species} female share (% of the cull)`}
          type="number"
          inputMode="decimal"
          min={0}
          max={100}
          value={typed.female_share}
          onChange={(female_share) => onChange({ female_share })}
        />
      </div>
    </fieldset>
  );
}

interface SuggestedCullProps {
  season: string;
  /** A team's plan: one of the team's grounds, from its members' counts, accepted into the team's plan. */
  teamId?: string;
  /** Called with the ground whose suggestion was written into the plan. */
  onAccepted(groundId: string): void;
}

/**
 * A cull worked out for one of the user's grounds from its latest count: a target density, recruitment rate and
 * female share per species (the rates the defaults until changed), the cull by sex and class with the working, and
 * accepting it into the season's plan.
 */
export default function SuggestedCull({ season, teamId, onAccepted }: SuggestedCullProps) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const { announce } = useFeedback();
  const grounds = useQuery(scopeGroundsQuery(teamId));
  const active = (grounds.data ?? []).filter((ground) => !ground.archived);
  const [chosen, setChosen] = useState<string | undefined>();
  const groundId = chosen ?? (active.find((ground) => ground.boundary !== null) ?? active[0])?.id;
  const ground = active.find((each) => each.id === groundId);

  const [typed, setTyped] = useState<SuggestionValues>(NO_VALUES);
  const [defaults, setDefaults] = useState<Record<string, Typed> | undefined>();
  const [asked, setAsked] = useState<SuggestionValues>(NO_VALUES);
  const search = groundId === undefined ? undefined : suggestionSearch(groundId, asked, teamId);
  const suggestion = useQuery({
    ...suggestionQuery(season, search ?? ''),
    enabled: search !== undefined,
    // While a new answer comes, the last one for the same ground stays (marked busy); another ground's never shows.
    placeholderData: (previous, previousQuery) =>
      previousQuery !== undefined && sameGround(String(previousQuery.queryKey[3]), groundId)
        ? previous
        : undefined,
  });
  const density = useQuery({ ...densityQuery(groundId ?? '', teamId), enabled: groundId !== undefined });

  const accept = useMutation({
    mutationFn: () => acceptSuggestion(season, search ?? ''),
    onSuccess: async () => {
      await refreshAfter(queryClient, 'plans');
      announce(
        `Suggested cull for ${ground?.name ?? 'the ground'} accepted into the ${seasonLabel(season)} plan`,
      );
      if (groundId !== undefined) onAccepted(groundId);
    },
  });

  // A species' first answer gives the defaults its fields start from (one counted later too: none were asked of it).
  const answer = suggestion.isPlaceholderData ? undefined : suggestion.data;
  useEffect(() => {
    if (answer === undefined) return;
    const fresh = answer.working.filter((each) => defaults?.[each.species] === undefined);
    if (defaults !== undefined && fresh.length === 0) return;
    const given = defaultsOf(fresh);
    // The seasons saved with the plan last accepted, as the first answer for the ground gives them.
    const savedSeasons = fresh.find((each) => each.sources?.seasons === 'saved')?.seasons;
    setDefaults({ ...defaults, ...given });
    setTyped((current) => ({
      ...current,
      species: { ...given, ...current.species },
      seasons:
        defaults === undefined && current.seasons === '' && savedSeasons !== undefined
          ? String(savedSeasons)
          : current.seasons,
    }));
  }, [answer, defaults]);

  function chooseGround(id: string) {
    setChosen(id);
    setTyped(NO_VALUES);
    setAsked(NO_VALUES);
    setDefaults(undefined);
    accept.reset();
  }

  function workOut(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    accept.reset();
    setAsked(changedValues(typed, defaults ?? {}));
  }

  if (grounds.isPending) return <StatusMessage>Loading grounds...</StatusMessage>;
  if (grounds.isError)
    return (
      <StatusMessage kind="error">Grounds could not be loaded: {errorMessage(grounds.error)}</StatusMessage>
    );
  if (groundId === undefined)
    return (
      <p className="muted">Add a ground, draw its boundary and record a count to have a cull suggested.</p>
    );

  const species = Object.keys(typed.species);
  const shown = suggestion.isError ? undefined : suggestion.data;
  const stale = suggestion.isPlaceholderData || suggestion.isFetching;
  return (
    <form className="form suggestion" onSubmit={workOut} noValidate aria-label="Suggested cull">
      <Select
        label="Ground"
        name="suggestion_ground"
        options={active.map((each) => ({ id: each.id, label: each.name }))}
        value={groundId}
        onChange={(id) => id && chooseGround(id)}
      />
      <p className="muted suggestion__source">
        Recruitment and the female share start at the rules of thumb of <strong>The Deer Initiative</strong>;
        change them to your ground’s. Source: {RECRUITMENT_SOURCE}
      </p>
      {answer?.working.some((each) =>
        Object.values(each.sources ?? {}).some((source) => source === 'saved'),
      ) ? (
        <p className="form__hint">
          The values saved with the plan last accepted for {ground?.name ?? 'this ground'} are filled in.
        </p>
      ) : null}
      {species.map((name) => (
        <SpeciesFields
          key={name}
          species={name}
          density={density.data?.species.find((each) => each.species === name)}
          savedTarget={defaults?.[name]?.target_density ? Number(defaults[name].target_density) : undefined}
          typed={typed.species[name]!}
          onChange={(changes) =>
            setTyped((current) => ({
              ...current,
              species: { ...current.species, [name]: { ...current.species[name]!, ...changes } },
            }))
          }
        />
      ))}
      {species.length > 0 ? (
        <>
          <TextField
            label="Seasons to reach a lower target"
            description={`Empty: ${DEFAULT_SEASONS_TO_TARGET} seasons`}
            type="number"
            inputMode="numeric"
            min={1}
            value={typed.seasons}
            onChange={(seasons) => setTyped((current) => ({ ...current, seasons }))}
          />
          <div className="suggestion__actions">
            <Button type="submit" variant="secondary" isDisabled={suggestion.isFetching}>
              Work out the cull again
            </Button>
          </div>
        </>
      ) : null}
      {suggestion.isError && boundaryRefused(suggestion.error) ? (
        <p className="density__missing" role="status">
          {errorMessage(suggestion.error)}
        </p>
      ) : suggestion.isError ? (
        <p className="form-error" role="alert">
          {errorMessage(suggestion.error)}
        </p>
      ) : suggestion.isPending ? (
        <StatusMessage>Working out the cull...</StatusMessage>
      ) : null}
      {shown ? (
        <div className="suggestion__answer" aria-busy={stale}>
          {shown.working.length === 0 ? (
            <p className="muted">
              No count on {ground?.name} yet: record one under Grounds to have a cull suggested.
            </p>
          ) : (
            <>
              <SuggestionRows answer={shown} season={season} />
              <h3 className="suggestion__heading">The working</h3>
              {shown.working.map((working) => (
                <SpeciesWorking key={working.species} working={working} />
              ))}
            </>
          )}
          {shown.rows.length > 0 ? (
            <>
              {accept.error ? (
                <p className="form-error" role="alert">
                  {errorMessage(accept.error)}
                </p>
              ) : null}
              {accept.isSuccess ? (
                <p className="form__hint" role="status">
                  Accepted: the plan above now has these targets for {ground?.name}; change them there as any
                  plan.
                </p>
              ) : null}
              {online ? null : <p className="form__hint">The plan is saved when there is a signal.</p>}
              <div className="suggestion__actions">
                <Button onPress={() => accept.mutate()} isDisabled={!online || stale || accept.isPending}>
                  {accept.isPending ? 'Accepting...' : 'Accept into plan'}
                </Button>
              </div>
            </>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}
