import { ScreenHeader } from '../../ui/ScreenHeader';
import { CARCASS_DESTINATIONS, checkLarderFilters, type LarderEntry } from '@cull-log/contracts';
import { DECLARATION_BARS, declarationBar, type DeclarationBar } from '@cull-log/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { refreshAfter } from '../../api/keys';
import {
  downloadConsignmentDeclaration,
  downloadLarderCsv,
  keepDeclaredDealer,
  type LarderParams,
} from './api';
import { larderQuery } from './api';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { Select } from '../../ui/Select';
import { StatusMessage } from '../../ui/StatusMessage';
import { TextField } from '../../ui/TextField';
import { useFeedback } from '../../ui/feedback-context';
import { useMediaQuery } from '../../ui/useMediaQuery';
import { dashIfEmpty, formatDate, formatWeight } from '../../lib/format';
import { culledByName, TeamScopeNote, useTeamScope } from '../teams';
import { WarningList } from '../records';

const ALL_DESTINATIONS = 'All destinations';

/** The filters live in the address, so Back, reload and shared links keep the same view. */
function paramsFrom(search: URLSearchParams): LarderParams {
  const parsed = checkLarderFilters({
    ...(search.get('season') === null ? {} : { season: search.get('season') }),
    ...(search.get('destination') === null ? {} : { destination: search.get('destination') }),
  });
  return parsed.success ? parsed.data : {};
}

function toSearch(params: LarderParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.season !== undefined) search.set('season', params.season);
  if (params.destination !== undefined) search.set('destination', params.destination);
  return search;
}

const place = (entry: LarderEntry) =>
  entry.grid_ref === undefined ? entry.location_name : `${entry.location_name} (${entry.grid_ref})`;

const describe = (entry: LarderEntry) =>
  `${entry.carcass_tag === undefined ? entry.species : `${entry.species} tagged ${entry.carcass_tag}`} on ${formatDate(entry.date)}`;

/** Why a carcass gets no declaration, in a few words; the server's reason whole if the words do not know it. */
function reasonOf(entry: LarderEntry): string {
  const bar = declarationBar(entry);
  return bar === undefined ? (entry.declaration_refused ?? '') : DECLARATION_BARS[bar].short;
}

const capitalised = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/** Why some of the carcasses listed get no declaration: each reason once, above the list, not on every carcass. */
function NoDeclarationNote({ bars }: { bars: readonly DeclarationBar[] }) {
  if (bars.length === 0) return null;
  return (
    <section className="larder__note" aria-labelledby="no-declaration-heading">
      <h2 id="no-declaration-heading" className="larder__note-heading">
        Why a carcass has no declaration
      </h2>
      <ul>
        {bars.map((bar) => (
          <li key={bar}>
            <strong>{capitalised(DECLARATION_BARS[bar].short)}:</strong> {DECLARATION_BARS[bar].explanation}
          </li>
        ))}
      </ul>
    </section>
  );
}

interface SelectionProps {
  entry: LarderEntry;
  isSelected: boolean;
  onChange(isSelected: boolean): void;
}

/** A declarable carcass can be picked for a consignment; another says why it cannot. */
function DeclarationPick({
  entry,
  isSelected,
  onChange,
  compact,
  isOwn,
}: SelectionProps & { compact?: boolean; isOwn: boolean }) {
  if (!isOwn) {
    // A carcass of another member of the team is theirs to declare.
    return compact ? (
      <span className="larder__refused">
        <span aria-hidden="true">-</span>
        <span className="visually-hidden">Declared by {culledByName(entry.culled_by)}</span>
      </span>
    ) : null;
  }
  if (entry.declaration_refused !== undefined) {
    // A few words here; the note above the list gives each reason in full, once.
    const why = reasonOf(entry);
    return compact ? (
      <span className="larder__refused" title={why}>
        <span aria-hidden="true">-</span>
        <span className="visually-hidden">No declaration: {why}</span>
      </span>
    ) : (
      <span className="larder__refused">No declaration: {why}</span>
    );
  }
  return (
    <Checkbox isSelected={isSelected} onChange={onChange} hideLabel={compact ?? false}>
      {`Declare ${describe(entry)}`}
    </Checkbox>
  );
}

export default function LarderPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const scope = useTeamScope();
  const params = paramsFrom(searchParams);
  const larder = useQuery(larderQuery({ ...params, team: scope.teamId }));
  const isTeams = scope.teamId !== undefined;
  const isOwn = (entry: LarderEntry) =>
    !isTeams || (scope.uid !== undefined && entry.culled_by?.uid === scope.uid);
  const { announce } = useFeedback();
  const queryClient = useQueryClient();
  const isPhone = useMediaQuery('(max-width: 40em)');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [dealer, setDealer] = useState('');
  const [isDeclaring, setIsDeclaring] = useState(false);
  const [declareError, setDeclareError] = useState<string | null>(null);
  const [isExporting, setIsExporting] = useState(false);

  const setParams = (changes: LarderParams) => {
    setSelected(new Set());
    setSearchParams(toSearch({ ...params, ...changes }), { replace: true, preventScrollReset: true });
  };

  const items = larder.data?.items ?? [];
  const chosen = items.filter((entry) => selected.has(entry.id));
  const ownItems = items.filter(isOwn);
  const declarable = ownItems.filter((entry) => entry.declaration_refused === undefined);
  const bars = [...new Set(ownItems.flatMap((entry) => declarationBar(entry) ?? []))].sort(
    (a, b) => Object.keys(DECLARATION_BARS).indexOf(a) - Object.keys(DECLARATION_BARS).indexOf(b),
  );

  function pick(entry: LarderEntry, isPicked: boolean) {
    const next = new Set(selected);
    if (isPicked) next.add(entry.id);
    else next.delete(entry.id);
    setSelected(next);
    // The dealer the records name is offered; the user may type another.
    if (isPicked && dealer.trim() === '' && entry.game_dealer !== undefined) setDealer(entry.game_dealer);
  }

  async function declare() {
    setIsDeclaring(true);
    setDeclareError(null);
    const recordIds = chosen.map((entry) => entry.id);
    const to = dealer.trim();
    try {
      const number = await downloadConsignmentDeclaration(recordIds, to);
      announce(
        `Declaration ${number} for ${chosen.length === 1 ? '1 carcass' : `${chosen.length} carcasses`} downloaded`,
      );
    } catch (error) {
      setDeclareError(errorMessage(error));
      setIsDeclaring(false);
      return;
    }
    try {
      // The records that name no dealer keep this one, so the book, the record and the CSVs say where each went.
      await keepDeclaredDealer(recordIds, to);
      await refreshAfter(queryClient, 'cull');
    } catch (error) {
      setDeclareError(
        `The declaration is downloaded, but the dealer was not kept on the records: ${errorMessage(error)}`,
      );
    } finally {
      setIsDeclaring(false);
    }
  }

  async function exportCsv() {
    setIsExporting(true);
    try {
      await downloadLarderCsv({ ...params, team: scope.teamId });
    } catch (error) {
      console.error('Larder CSV download failed', error);
    } finally {
      setIsExporting(false);
    }
  }

  const seasonLabel = larder.data?.season.label ?? params.season ?? '';
  const seasonOptions = [
    ...new Set([seasonLabel, ...(larder.data?.seasons ?? []).map((season) => season.label)]),
  ]
    .filter((label) => label !== '')
    .sort()
    .reverse();
  const emptyText =
    params.destination === undefined
      ? `No carcasses in the ${seasonLabel} season.`
      : `No carcasses went to "${params.destination}" in the ${seasonLabel} season.`;

  return (
    <div className="page page--wide larder">
      <ScreenHeader
        actions={
          <>
            <Button variant="secondary" onPress={exportCsv} isDisabled={isExporting || larder.isPending}>
              Download CSV
            </Button>
          </>
        }
      />

      <TeamScopeNote scope={scope} what="the carcasses of every member’s culls on the team’s grounds." />
      <div className="larder__filters">
        <Select
          label="Season"
          name="season"
          options={seasonOptions}
          value={seasonLabel}
          onChange={(season) => setParams({ season })}
        />
        <Select
          label="Destination"
          name="destination"
          options={[ALL_DESTINATIONS, ...CARCASS_DESTINATIONS]}
          value={params.destination ?? ALL_DESTINATIONS}
          onChange={(destination) => {
            const { destination: _, ...rest } = params;
            setParams(
              destination === ALL_DESTINATIONS
                ? { ...rest, destination: undefined }
                : { ...rest, destination },
            );
          }}
        />
      </div>

      {larder.isPending ? (
        <StatusMessage>Loading the larder book...</StatusMessage>
      ) : larder.isError ? (
        <StatusMessage kind="error">
          Error loading the larder book: {errorMessage(larder.error)}
        </StatusMessage>
      ) : items.length === 0 ? (
        <p className="larder__empty">{emptyText}</p>
      ) : (
        <>
          <NoDeclarationNote bars={bars} />
          {isPhone ? (
            <ul className="larder-cards" aria-label="Carcasses" aria-busy={larder.isFetching}>
              {items.map((entry) => (
                <li key={entry.id} className="larder-card">
                  <span className="larder-card__when">
                    {formatDate(entry.date)} {entry.time}
                  </span>
                  <Link className="larder-card__what" to={`/view-cull/${encodeURIComponent(entry.id)}`}>
                    {entry.species}, {entry.sex.toLowerCase()}
                    {entry.carcass_tag === undefined ? '' : ` · Tag ${entry.carcass_tag}`}
                  </Link>
                  <span className="larder-card__detail">
                    {entry.age_estimate}
                    {entry.weight === undefined ? '' : ` · ${formatWeight(entry.weight)}`}
                  </span>
                  <span className="larder-card__detail">{place(entry)}</span>
                  <span className="larder-card__detail">
                    {dashIfEmpty(entry.carcass_destination)}
                    {entry.game_dealer === undefined ? '' : ` · ${entry.game_dealer}`}
                  </span>
                  <span className="larder-card__inspection">{entry.inspection_result}</span>
                  {entry.warnings === undefined ? null : (
                    <WarningList warnings={entry.warnings} record={entry} heading="Warnings" />
                  )}
                  {isTeams ? (
                    <span className="larder-card__detail">Culled by {culledByName(entry.culled_by)}</span>
                  ) : null}
                  <DeclarationPick
                    isOwn={isOwn(entry)}
                    entry={entry}
                    isSelected={selected.has(entry.id)}
                    onChange={(isPicked) => pick(entry, isPicked)}
                  />
                </li>
              ))}
            </ul>
          ) : (
            <div className="table-scroll" aria-busy={larder.isFetching}>
              <table className="simple-table larder-table">
                <caption className="visually-hidden">
                  Carcasses of the {seasonLabel} season, in the order killed
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Declare</th>
                    <th scope="col">Date</th>
                    <th scope="col">Time</th>
                    <th scope="col">Place</th>
                    <th scope="col">Species</th>
                    <th scope="col">Sex</th>
                    <th scope="col">Age</th>
                    <th scope="col">Weight (kg)</th>
                    <th scope="col">Tag</th>
                    <th scope="col">Destination</th>
                    <th scope="col">Dealer</th>
                    <th scope="col">Inspection</th>
                    <th scope="col">Warnings</th>
                    {isTeams ? <th scope="col">Culled by</th> : null}
                  </tr>
                </thead>
                <tbody>
                  {items.map((entry) => (
                    <tr key={entry.id}>
                      <td>
                        <DeclarationPick
                          isOwn={isOwn(entry)}
                          entry={entry}
                          isSelected={selected.has(entry.id)}
                          onChange={(isPicked) => pick(entry, isPicked)}
                          compact
                        />
                      </td>
                      <th scope="row">
                        <Link
                          to={`/view-cull/${encodeURIComponent(entry.id)}`}
                          aria-label={`View ${describe(entry)}`}
                        >
                          {formatDate(entry.date)}
                        </Link>
                      </th>
                      <td>{entry.time}</td>
                      <td className="larder-table__wrap">
                        {entry.location_name}
                        {entry.grid_ref === undefined ? null : (
                          <span className="larder-table__grid">{entry.grid_ref}</span>
                        )}
                      </td>
                      <td>{entry.species}</td>
                      <td>{entry.sex}</td>
                      <td>{entry.age_estimate}</td>
                      <td>{dashIfEmpty(entry.weight)}</td>
                      <td>{dashIfEmpty(entry.carcass_tag)}</td>
                      <td>{dashIfEmpty(entry.carcass_destination)}</td>
                      <td className="larder-table__wrap">{dashIfEmpty(entry.game_dealer)}</td>
                      <td className="larder-table__wrap">{entry.inspection_result}</td>
                      <td className="larder-table__wrap">
                        {entry.warnings === undefined ? (
                          '-'
                        ) : (
                          <WarningList warnings={entry.warnings} record={entry} />
                        )}
                      </td>
                      {isTeams ? (
                        <td className="larder-table__wrap">{culledByName(entry.culled_by)}</td>
                      ) : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}

      {larder.data && ownItems.length > 0 ? (
        <section className="card larder__declare" aria-labelledby="declare-heading">
          <h2 id="declare-heading">Declaration for a game dealer</h2>
          {declarable.length === 0 ? (
            <p className="form__hint">
              None of the carcasses listed can go with a declaration yet: the note above says why.
            </p>
          ) : (
            <>
              <p className="form__hint">
                {chosen.length === 0
                  ? 'Tick the carcasses going to the dealer together: one numbered declaration lists them all, and each carcass that names no dealer keeps this one.'
                  : `${chosen.length === 1 ? '1 carcass' : `${chosen.length} carcasses`} chosen.`}
              </p>
              <TextField
                label="Game dealer"
                name="dealer"
                value={dealer}
                onChange={setDealer}
                autoComplete="organization"
              />
              <Button
                onPress={declare}
                isDisabled={isDeclaring || chosen.length === 0 || dealer.trim() === ''}
              >
                Declaration (PDF)
              </Button>
            </>
          )}
          {declareError === null ? null : <StatusMessage kind="error">{declareError}</StatusMessage>}
        </section>
      ) : null}
    </div>
  );
}
