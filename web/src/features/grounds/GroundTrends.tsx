import type { Ground, GroundTrendsResponse, SpeciesTrends } from '@cull-log/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { errorMessage } from '../../api/client';
import { DASH } from '../../lib/format';
import { StatusMessage } from '../../ui/StatusMessage';
import { groundTrendsQuery } from './trends-api';
import { CullChart, cullWords } from './CullChart';
import { formatFigure, TrendChart } from './TrendChart';

const figureOrDash = (value: number | null, digits: number) =>
  value === null ? DASH : formatFigure(value, digits);

/** One species on the ground: which way it points, its figures as lines, and the same figures in a table. */
function SpeciesTrend({
  trends,
  groundName,
  withArea,
}: {
  trends: SpeciesTrends;
  groundName: string;
  withArea: boolean;
}) {
  const headingId = useId();
  const { points } = trends;
  const series = (value: (point: (typeof points)[number]) => number | null) =>
    points.map((point) => ({ season: point.season, value: value(point) }));
  return (
    <article className="species-trend" aria-labelledby={headingId}>
      <h4 id={headingId} className="species-trend__name">
        {trends.species}
      </h4>
      <p className="species-trend__sentence">{trends.sentence}</p>
      <div className="species-trend__charts">
        {withArea ? (
          <TrendChart
            title="Density, deer per km²"
            points={series((point) => point.density_per_km2)}
            direction={trends.trends.density.direction}
            digits={1}
          />
        ) : (
          <TrendChart
            title="Count, deer"
            points={series((point) => point.count)}
            direction={trends.trends.count.direction}
            digits={0}
          />
        )}
        <TrendChart
          title="Seen per hunter-hour"
          points={series((point) => point.sightings_per_hunter_hour)}
          direction={trends.trends.sightings_per_hunter_hour.direction}
          digits={2}
        />
        <TrendChart
          title="Hunter-hours per deer culled"
          points={series((point) => point.hours_per_deer)}
          direction={trends.trends.hours_per_deer.direction}
          digits={1}
        />
        <CullChart points={points} />
      </div>
      <details className="species-trend__figures">
        <summary>Figures by season</summary>
        <div
          className="table-scroll"
          tabIndex={0}
          role="region"
          aria-label={`${trends.species} on ${groundName}: figures by season`}
        >
          <table className="simple-table">
            <caption className="visually-hidden">
              {trends.species} on {groundName} by season
            </caption>
            <thead>
              <tr>
                <th scope="col">Season</th>
                <th scope="col">Count</th>
                <th scope="col">Deer per km²</th>
                <th scope="col">Seen per hunter-hour</th>
                <th scope="col">Hours per deer</th>
                <th scope="col">Culled</th>
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.season}>
                  <th scope="row">{point.season}</th>
                  <td>{figureOrDash(point.count, 0)}</td>
                  <td>{figureOrDash(point.density_per_km2, 1)}</td>
                  <td>{figureOrDash(point.sightings_per_hunter_hour, 2)}</td>
                  <td>{figureOrDash(point.hours_per_deer, 1)}</td>
                  <td>{cullWords(point.cull)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </article>
  );
}

/**
 * A ground's trends over the seasons, for each species: a sentence saying which way it points, its density (or
 * count), sightings per hunter-hour and hours per deer as lines, and a table of the figures. A team's ground
 * (`teamId`): every member's.
 */
export default function GroundTrends({ ground, teamId }: { ground: Ground; teamId?: string }) {
  const trends = useQuery(groundTrendsQuery(ground.id, teamId));
  if (trends.isPending) return <StatusMessage>Loading trends...</StatusMessage>;
  if (trends.isError)
    return (
      <StatusMessage kind="error">Trends could not be loaded: {errorMessage(trends.error)}</StatusMessage>
    );
  const answer: GroundTrendsResponse = trends.data;
  if (answer.species.length === 0)
    return (
      <p>
        Nothing counted, seen or culled on {ground.name} yet. Counts, outings with what was seen, and culls
        recorded here show their trends season by season.
      </p>
    );
  return (
    <>
      {answer.area_km2 === null ? (
        <p className="muted">Draw the ground’s boundary to see density per km²: counts are shown instead.</p>
      ) : null}
      {answer.species.map((species) => (
        <SpeciesTrend
          key={species.species}
          trends={species}
          groundName={ground.name}
          withArea={answer.area_km2 !== null}
        />
      ))}
    </>
  );
}
