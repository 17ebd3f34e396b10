import { ScreenHeader } from '../../ui/ScreenHeader';
import { formatNumber } from '@cull-log/domain';
import { MESSAGES, SEXES, type OutingFigures, type StatsResponse } from '@cull-log/contracts';
import { useMutation } from '@tanstack/react-query';
import { ApiRequestError, errorMessage } from '../../api/client';
import { downloadSeasonReport, planProgressQuery } from '../plans/api';
import { statsQuery } from './api';
import { Button } from '../../ui/Button';
import { ButtonLink } from '../../ui/ButtonLink';
import { MonthlyChart } from './MonthlyChart';
import { OutingControl } from '../grounds';
import { MemberProgress, PlanProgress } from '../plans';
import { mayRecord, TeamScopeNote, useTeamScope } from '../teams';
import { scopeGroundsQuery } from '../teams/api';
import { SeasonSelect, useSeasons, seasonLabel } from '../seasons';
import { SpeciesChart } from './SpeciesChart';
import { StatusMessage } from '../../ui/StatusMessage';
import { formatDate } from '../../lib/format';
import { useDeferredQuery } from '../../ui/useDeferredQuery';
import { useMemo } from 'react';
import { useWaitingCulls, type WaitingCulls } from './useWaitingCulls';

function StatCard({ label, value, waiting = 0 }: { label: string; value: string; waiting?: number }) {
  return (
    <div className="card stat-card">
      <dt className="stat-card__label">{label}</dt>
      <dd className="stat-card__value">
        {value}
        {waiting > 0 ? <span className="stat-card__waiting"> + {waiting} waiting</span> : null}
      </dd>
    </div>
  );
}

/** The key to the "+ waiting" marks: records made on this device that the server does not have yet. */
function WaitingNote({ waiting }: { waiting: WaitingCulls }) {
  if (waiting.total === 0) return null;
  const records = waiting.total === 1 ? '1 record' : `${waiting.total} records`;
  return (
    <p className="dashboard-waiting muted">
      + waiting: {records} made on this device {waiting.total === 1 ? 'is' : 'are'} not yet sent. The figures
      count {waiting.total === 1 ? 'it' : 'them'} once sent.
    </p>
  );
}

function SeasonTable({ season }: { season: StatsResponse['season'] }) {
  const species = Object.keys(season.species_by_sex).sort();
  if (species.length === 0) return <p>No culls recorded this season yet.</p>;
  return (
    // A table wider than a phone scrolls; the keyboard can reach it to scroll it too.
    <div
      className="table-scroll"
      tabIndex={0}
      role="region"
      aria-label="Culls this season by species and sex"
    >
      <table className="simple-table season-table">
        <caption className="visually-hidden">Culls this season by species and sex</caption>
        <thead>
          <tr>
            <th scope="col">Species</th>
            {SEXES.map((sex) => (
              <th scope="col" key={sex}>
                <span className="season-table__long">{sex}</span>
                {/* On a phone the column shows its initial; the full word stays for screen readers. */}
                <span className="season-table__short" aria-hidden="true">
                  {sex.charAt(0)}
                </span>
              </th>
            ))}
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {species.map((name) => {
            const bySex = season.species_by_sex[name] ?? {};
            const total = Object.values(bySex).reduce((sum, count) => sum + count, 0);
            return (
              <tr key={name}>
                <th scope="row">{name}</th>
                {SEXES.map((sex) => (
                  <td key={sex}>{bySex[sex] ?? 0}</td>
                ))}
                <td>{total}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="season-table__key muted" aria-hidden="true">
        {SEXES.map((sex) => `${sex.charAt(0)}: ${sex.toLowerCase()}`).join(' · ')}
      </p>
    </div>
  );
}

/** The season's outings: how many, how many blank, hours out and hours per deer. */
function OutingFiguresList({ figures }: { figures: OutingFigures }) {
  return (
    <dl className="stat-grid stat-grid--small" aria-label="Outings this season">
      <StatCard label="Outings" value={String(figures.outings)} />
      <StatCard label="Blank outings" value={String(figures.blank_outings)} />
      <StatCard label="Hours out" value={formatNumber(figures.hours_out, 1)} />
      <StatCard
        label="Hours per deer"
        value={figures.hours_per_deer === null ? '-' : formatNumber(figures.hours_per_deer, 1)}
      />
    </dl>
  );
}

/** A season's counts by name (its carcass destinations, its legal warnings), each with its count, 0 included. */
function SeasonCounts({
  title,
  rows,
}: {
  title: string;
  rows: readonly { name: string; count: number }[] | undefined;
}) {
  if (rows === undefined) return null;
  return (
    <div className="season-counts">
      <h3 className="season-counts__title">{title}</h3>
      <dl className="season-counts__list" aria-label={title}>
        {rows.map((row) => (
          <div key={row.name} className="season-counts__row">
            <dt>{row.name}</dt>
            <dd>{row.count}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The season's plan progress (a team's member by member too), or the way to set a plan. */
function PlanSection({ season, teamId }: { season: string; teamId: string | undefined }) {
  const progress = useDeferredQuery(planProgressQuery(season, teamId));
  const grounds = useDeferredQuery(scopeGroundsQuery(teamId));
  let body;
  if (progress.isPending) body = <StatusMessage>Loading plan progress...</StatusMessage>;
  else if (progress.isError)
    body = (
      <StatusMessage kind="error">
        Plan progress could not be loaded: {errorMessage(progress.error)}
      </StatusMessage>
    );
  else if (!progress.data.rows.some((row) => row.target !== null))
    body = <p>No cull plan for {seasonLabel(season)} yet.</p>;
  else
    body = (
      <>
        <PlanProgress rows={progress.data.rows} grounds={grounds.data} />
        <MemberProgress
          members={progress.data.members ?? []}
          rows={progress.data.rows}
          grounds={grounds.data}
        />
      </>
    );
  return (
    <section className="card dashboard-grid__wide" aria-labelledby="plan-heading">
      <h2 id="plan-heading">Cull plan {seasonLabel(season)}</h2>
      {body}
      <ButtonLink to="/plans" variant="secondary">
        {teamId === undefined ? 'Edit the plan' : 'The team’s plan'}
      </ButtonLink>
    </section>
  );
}

/** "Download season report (PDF)" for the season chosen. */
function SeasonReport({ season, teamId }: { season: string; teamId: string | undefined }) {
  const download = useMutation({ mutationFn: () => downloadSeasonReport(season, teamId) });
  return (
    <div className="season-report">
      <Button variant="secondary" onPress={() => download.mutate()} isDisabled={download.isPending}>
        {download.isPending ? 'Preparing the report...' : 'Download season report (PDF)'}
      </Button>
      {download.error ? (
        <p className="form-error" role="alert">
          The season report could not be downloaded: {errorMessage(download.error)}
        </p>
      ) : null}
    </div>
  );
}

function loadError(error: unknown): string {
  if (error instanceof ApiRequestError && error.status === 401) return MESSAGES.userNotAuthenticated;
  return `Failed to load dashboard data: ${errorMessage(error)}`;
}

export default function DashboardPage() {
  const { season, options, setSeason } = useSeasons();
  const scope = useTeamScope();
  const stats = useDeferredQuery(statsQuery(season, scope.teamId));
  const grounds = useDeferredQuery(scopeGroundsQuery(scope.teamId));
  const teamGroundIds = useMemo(() => grounds.data?.map((ground) => ground.id), [grounds.data]);
  const waiting = useWaitingCulls(scope.teamId, teamGroundIds);
  const addCull = mayRecord(scope) ? <ButtonLink to="/add-cull">+ Add Cull</ButtonLink> : null;

  let content;
  if (stats.isPending) {
    content = <StatusMessage>Loading dashboard...</StatusMessage>;
  } else if (stats.data === undefined) {
    content = <StatusMessage kind="error">{loadError(stats.error)}</StatusMessage>;
  } else if (stats.data.total_culls === 0 && waiting.total === 0) {
    content = (
      <>
        <div className="card empty-state">
          <p className="empty-state__title">{MESSAGES.noData}</p>
          <p>
            {scope.teamId === undefined
              ? 'Add your first cull record to see your statistics here.'
              : 'The team’s figures show here once a cull is recorded on its grounds.'}
          </p>
          {addCull}
        </div>
        <PlanSection season={season} teamId={scope.teamId} />
      </>
    );
  } else {
    const data = stats.data;
    content = (
      <>
        <dl className="stat-grid">
          <StatCard label="Total Culls" value={String(data.total_culls)} waiting={waiting.total} />
          <StatCard label="This Month" value={String(data.this_month)} waiting={waiting.thisMonth} />
          <StatCard label="Top Species" value={data.top_species ?? '-'} />
          <StatCard
            label="Average Weight"
            value={data.average_weight === null ? '-' : `${data.average_weight.toFixed(1)} kg`}
          />
        </dl>
        <WaitingNote waiting={waiting} />
        <div className="dashboard-grid">
          <section className="card" aria-labelledby="species-heading">
            <h2 id="species-heading">Species Breakdown</h2>
            <SpeciesChart breakdown={data.species_breakdown} />
          </section>
          <section className="card" aria-labelledby="months-heading">
            <h2 id="months-heading">Culls per Month</h2>
            <MonthlyChart months={data.per_month} waiting={waiting.byMonth} season={data.season.label} />
          </section>
          <section className="card dashboard-grid__wide" aria-labelledby="season-heading">
            <h2 id="season-heading">Season {data.season.label}</h2>
            <p className="muted">
              {formatDate(data.season.from)} to {formatDate(data.season.to)}
            </p>
            <SeasonTable season={data.season} />
            {data.season.outings ? <OutingFiguresList figures={data.season.outings} /> : null}
            <SeasonCounts
              title="Carcass destinations"
              rows={data.season.destinations?.map((row) => ({ name: row.destination, count: row.count }))}
            />
            <SeasonCounts
              title="Legal warnings"
              rows={data.season.warnings?.map((row) => ({ name: row.warning, count: row.count }))}
            />
            <SeasonReport season={season} teamId={scope.teamId} />
          </section>
          <PlanSection season={season} teamId={scope.teamId} />
        </div>
      </>
    );
  }

  return (
    <div className="page page--wide">
      <ScreenHeader
        actions={
          <>
            <ButtonLink to="/map" variant="secondary">
              View Map
            </ButtonLink>
            {addCull}
          </>
        }
      />
      <TeamScopeNote scope={scope} what="the team’s figures, from every member’s culls on its grounds." />
      <div className="dashboard-controls">
        <SeasonSelect season={season} options={options} onChange={setSeason} />
        <OutingControl compact />
      </div>
      {content}
    </div>
  );
}
