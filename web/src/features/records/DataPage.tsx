import { ScreenHeader } from '../../ui/ScreenHeader';
import { SearchField } from '../../ui/SearchField';
import {
  LIST_CULLS_FILTER_FIELDS,
  PAGE_SIZES,
  type Cull,
  type CullView,
  type ListCullsQuery as ListCullsParams,
  type SortColumn,
} from '@cull-log/contracts';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { downloadCullsCsv, downloadDeerManagementCsv, cullsQuery } from './api';
import { Select } from '../../ui/Select';
import { useSeasons } from '../seasons';
import { mayChangeRecord, mayRecord, TeamScopeNote, useTeamScope } from '../teams';
import { membersQuery } from '../teams/api';

const ALL_SEASONS = 'all';
import { errorMessage } from '../../api/client';
import { useDeleteCull } from '../../api/writes';
import { DeleteCullDialog } from './DeleteCullDialog';
import { Button } from '../../ui/Button';
import { ButtonLink } from '../../ui/ButtonLink';
import { Pagination } from '../../ui/Pagination';
import { StaleNotice, StatusMessage } from '../../ui/StatusMessage';
import { CullCards } from './CullCards';
import { changeMessage, useFeedback } from '../../ui/feedback-context';
import { useMediaQuery } from '../../ui/useMediaQuery';
import { useDebouncedValue } from '../../ui/useDebouncedValue';
import { DEFAULT_PARAMS, paramsFrom } from './data-params';
import { activeFilterCount, RecordFilters, type RecordFilterValues } from './RecordFilters';

export const SEARCH_DEBOUNCE_MS = 300;

// The table is for wider screens only: a phone, which shows cards, never downloads its code.
const loadCullTable = () => import('./CullTable');
const CullTable = lazy(loadCullTable);

/** A team's list narrowed to one member's records: in the address beside the list's own view. */
const MEMBER_PARAM = 'member';
const ALL_MEMBERS = 'all';

function toSearch(params: ListCullsParams, member: string | undefined): URLSearchParams {
  const search = new URLSearchParams();
  if (member !== undefined) search.set(MEMBER_PARAM, member);
  if (params.page !== DEFAULT_PARAMS.page) search.set('page', String(params.page));
  if (params.page_size !== DEFAULT_PARAMS.page_size) search.set('page_size', String(params.page_size));
  if (params.sort !== DEFAULT_PARAMS.sort || params.order !== DEFAULT_PARAMS.order) {
    search.set('sort', params.sort);
    search.set('order', params.order);
  }
  if (params.q !== '') search.set('q', params.q);
  for (const name of LIST_CULLS_FILTER_FIELDS) {
    const value = params[name];
    if (value !== undefined) search.set(name, value);
  }
  return search;
}

export default function DataPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = paramsFrom(searchParams);
  const scope = useTeamScope();
  const member = scope.teamId === undefined ? undefined : (searchParams.get(MEMBER_PARAM) ?? undefined);
  const [searchText, setSearchText] = useState(params.q);
  const debouncedSearch = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const culls = useQuery(cullsQuery(params, { team: scope.teamId, member }));
  const members = useQuery({ ...membersQuery(scope.teamId ?? ''), enabled: scope.teamId !== undefined });
  const deleteCull = useDeleteCull();
  const { announce } = useFeedback();
  // Below about 640 px the records are cards, one above another; the table stays for wider screens.
  const isPhone = useMediaQuery('(max-width: 40em)');
  // On a wider screen the table's code comes while the records do, not after them.
  useEffect(() => {
    if (!isPhone) void loadCullTable();
  }, [isPhone]);
  const [pendingDelete, setPendingDelete] = useState<Cull | null>(null);
  const [isExporting, setIsExporting] = useState(false);
  const seasons = useSeasons();
  const [exportSeason, setExportSeason] = useState(ALL_SEASONS);

  const setParams = (changes: Partial<ListCullsParams>, nextMember = member) =>
    // Sorting, paging and searching change this screen's view, not the screen: it stays where it is scrolled.
    setSearchParams(toSearch({ ...params, ...changes }, nextMember), {
      replace: true,
      preventScrollReset: true,
    });

  // A filter is a view of its own: Back returns to the list as it was before it.
  const setFilters = (changes: RecordFilterValues) =>
    setSearchParams(toSearch({ ...params, ...changes, page: 1 }, member), { preventScrollReset: true });
  const filtered = activeFilterCount(params) > 0;

  useEffect(() => {
    if (debouncedSearch !== params.q) setParams({ q: debouncedSearch, page: 1 });
    // Only a settled change of the typed text starts a new search.
  }, [debouncedSearch]);

  const total = culls.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / params.page_size));

  // After deletes (or a stale link) the page may lie beyond the last one: show the last instead.
  useEffect(() => {
    if (culls.data && !culls.isPlaceholderData && params.page > pageCount) setParams({ page: pageCount });
  }, [culls.data, culls.isPlaceholderData, pageCount, params.page]);

  // One function while the scope stands, so the table draws its rows again only when the scope changes.
  const { teamId, uid, team } = scope;
  const mayChange = useCallback(
    (cull: CullView) => mayChangeRecord({ teamId, uid, team }, cull),
    [teamId, uid, team],
  );

  /** What the cards and the table alike show and do: the page's records, sorted as the address says. */
  const listProps = (items: readonly CullView[]) => ({
    items,
    emptyText:
      params.q !== '' || member !== undefined || filtered
        ? 'No records match your search.'
        : scope.teamId === undefined
          ? 'No cull records yet.'
          : 'No culls on the team’s grounds yet.',
    showCulledBy: scope.teamId !== undefined,
    mayChange,
    sort: params.sort,
    order: params.order,
    onSortChange: (sort: SortColumn, order: 'asc' | 'desc') => setParams({ sort, order, page: 1 }),
  });

  function confirmDelete() {
    if (!pendingDelete) return;
    deleteCull.mutate(pendingDelete.id, {
      // The deleted row takes its Delete button with it: the focus goes to the screen's heading instead.
      onSuccess: (outcome) =>
        announce(changeMessage(pendingDelete, 'deleted', outcome), { focusHeadingAt: '/data' }),
      onSettled: () => setPendingDelete(null),
    });
  }

  async function exportCsv(kind: 'culls' | 'sightings' | 'counts' = 'culls') {
    setIsExporting(true);
    const season = exportSeason === ALL_SEASONS ? undefined : exportSeason;
    try {
      if (kind === 'culls') await downloadCullsCsv(season, scope.teamId);
      else await downloadDeerManagementCsv(kind, season);
    } catch (error) {
      // An export failure is logged only: the download simply does not start.
      console.error('CSV export failed', error);
    } finally {
      setIsExporting(false);
    }
  }

  return (
    <div className="page page--wide">
      <ScreenHeader
        actions={
          <>
            <Select
              label="Export season"
              name="export_season"
              className="export-season"
              options={[{ id: ALL_SEASONS, label: 'All seasons' }, ...seasons.options]}
              value={exportSeason}
              onChange={(season) => setExportSeason(season || ALL_SEASONS)}
            />
            <Button variant="secondary" onPress={() => exportCsv()} isDisabled={isExporting}>
              Export CSV
            </Button>
            {/* Sightings and counts are the user's own: a team's are not gathered yet. */}
            {scope.teamId === undefined ? (
              <div className="page__header-group">
                <Button variant="secondary" onPress={() => exportCsv('sightings')} isDisabled={isExporting}>
                  Sightings CSV
                </Button>
                <Button variant="secondary" onPress={() => exportCsv('counts')} isDisabled={isExporting}>
                  Counts CSV
                </Button>
              </div>
            ) : null}
            <ButtonLink variant="secondary" to="/import">
              Import
            </ButtonLink>
            {mayRecord(scope) ? <ButtonLink to="/add-cull">+ Add Cull</ButtonLink> : null}
          </>
        }
      />

      <TeamScopeNote scope={scope} what="every member’s culls on the team’s grounds, with who culled each." />
      {scope.teamId !== undefined && members.data !== undefined ? (
        <Select
          label="Culled by"
          name="member"
          className="member-filter"
          options={[
            { id: ALL_MEMBERS, label: 'Every member' },
            ...members.data.map((each) => ({ id: each.uid, label: each.name })),
          ]}
          value={member ?? ALL_MEMBERS}
          onChange={(uid) => setParams({ page: 1 }, uid === ALL_MEMBERS || uid === '' ? undefined : uid)}
        />
      ) : null}

      <SearchField
        label="Search all columns"
        placeholder="Search all columns..."
        value={searchText}
        onChange={setSearchText}
      />

      <RecordFilters filters={params} onChange={setFilters} teamId={scope.teamId} folded={isPhone} />

      {deleteCull.isError ? (
        <StatusMessage kind="error">Error deleting record: {errorMessage(deleteCull.error)}</StatusMessage>
      ) : null}

      {culls.isPending ? (
        <StatusMessage>Loading data...</StatusMessage>
      ) : culls.data === undefined ? (
        <StatusMessage kind="error">Error loading data: {errorMessage(culls.error)}</StatusMessage>
      ) : (
        <>
          {/* A read that failed with records on this device shows them, and says they may be out of date. */}
          {culls.isError ? <StaleNotice error={culls.error} /> : null}
          {isPhone ? (
            // While a new page loads, the previous cards stay on screen, marked busy like the table's rows.
            <div aria-busy={culls.isFetching}>
              <CullCards {...listProps(culls.data.items)} />
            </div>
          ) : (
            <Suspense fallback={<StatusMessage>Loading data...</StatusMessage>}>
              <CullTable
                {...listProps(culls.data.items)}
                isBusy={culls.isFetching}
                onDelete={setPendingDelete}
              />
            </Suspense>
          )}
          <Pagination
            page={Math.min(params.page, pageCount)}
            pageCount={pageCount}
            pageSize={params.page_size}
            pageSizes={PAGE_SIZES}
            onPageChange={(page) => setParams({ page })}
            onPageSizeChange={(page_size) => setParams({ page_size, page: 1 })}
          />
          <p className="table-summary">
            {total === 1 ? '1 record' : `${total} records`}
            {params.q === '' ? '' : ` matching “${params.q}”`}
            {filtered ? ' with the filters chosen' : ''}
          </p>
        </>
      )}

      <DeleteCullDialog
        record={pendingDelete}
        isPending={deleteCull.isPending}
        onCancel={() => setPendingDelete(null)}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
