import type { TrendDirection } from '@cull-log/contracts';

export interface ChartPoint {
  /** The season as shown, `2025/26`. */
  season: string;
  value: number | null;
}

interface TrendChartProps {
  /** What the figure is, with its unit: "Density, deer per km²". */
  title: string;
  points: readonly ChartPoint[];
  direction: TrendDirection;
  /** Decimals the figure is shown to. */
  digits: number;
}

const WIDTH = 320;
const HEIGHT = 120;
const LEFT = 14;
const RIGHT = 14;
const TOP = 24;
const BOTTOM = 26;

/** What a direction says, with its arrow. */
export const DIRECTION_WORDS: Record<TrendDirection, string> = {
  rising: '▲ Rising',
  falling: '▼ Falling',
  steady: '▶ Steady',
  too_few: 'Too few seasons',
};

/** A figure as the trends show it: en-GB, at most `digits` decimals. */
export const formatFigure = (value: number, digits: number): string =>
  new Intl.NumberFormat('en-GB', { maximumFractionDigits: digits }).format(value);

/** `2025/26` → `25/26`: room for ten seasons along a phone's width. */
const shortSeason = (season: string) => season.slice(2);

/**
 * One figure over the seasons as a line, drawn by hand in SVG: zero at the foot, each season in its place (a season
 * with no figure leaves a gap, bridged by a dashed line), the first and last figures written beside their points. Its
 * accessible name reads every season's figure; the trends' table has them too.
 */
export function TrendChart({ title, points, direction, digits }: TrendChartProps) {
  const known = points.flatMap((point, index) =>
    point.value === null ? [] : [{ index, season: point.season, value: point.value }],
  );
  const highest = Math.max(0, ...known.map((point) => point.value));
  const top = highest === 0 ? 1 : highest * 1.1;
  const plotWidth = WIDTH - LEFT - RIGHT;
  const x = (index: number) =>
    points.length === 1 ? LEFT + plotWidth / 2 : LEFT + (index * plotWidth) / (points.length - 1);
  const y = (value: number) => HEIGHT - BOTTOM - (value / top) * (HEIGHT - TOP - BOTTOM);
  // Past six seasons, every other one is named, counting back from the latest.
  const named = (index: number) => points.length <= 6 || (points.length - 1 - index) % 2 === 0;
  // Words at either end stay inside the chart.
  const anchorAt = (index: number) =>
    points.length === 1 ? 'middle' : index === 0 ? 'start' : index === points.length - 1 ? 'end' : 'middle';
  const described = points
    .map((point) =>
      point.value === null ? `${point.season} none` : `${point.season} ${formatFigure(point.value, digits)}`,
    )
    .join(', ');
  const labelled = known.length === 0 ? [] : [known[0]!, ...(known.length > 1 ? [known.at(-1)!] : [])];
  // Without a figure there is nothing to draw: a line of words keeps the species short on a phone.

  return (
    <figure className="trend-chart">
      <figcaption className="trend-chart__caption">
        <span className="trend-chart__title">{title}</span>
        {known.length === 0 ? null : (
          <span className={`trend-chart__direction trend-chart__direction--${direction}`}>
            {DIRECTION_WORDS[direction]}
          </span>
        )}
      </figcaption>
      {known.length === 0 ? (
        <p className="trend-chart__empty">No figures yet.</p>
      ) : (
        <svg
          className="trend-chart__plot"
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-label={`${title}: ${described}. ${DIRECTION_WORDS[direction].replace(/^\W+/, '')}.`}
        >
          <line
            className="trend-chart__axis"
            x1={LEFT}
            x2={WIDTH - RIGHT}
            y1={HEIGHT - BOTTOM}
            y2={HEIGHT - BOTTOM}
          />
          {known.slice(1).map((point, position) => {
            const before = known[position]!;
            return (
              <line
                key={point.season}
                className={
                  point.index - before.index === 1
                    ? 'trend-chart__line'
                    : 'trend-chart__line trend-chart__line--gap'
                }
                x1={x(before.index)}
                y1={y(before.value)}
                x2={x(point.index)}
                y2={y(point.value)}
              />
            );
          })}
          {known.map((point) => (
            <circle
              key={point.season}
              className="trend-chart__point"
              cx={x(point.index)}
              cy={y(point.value)}
              r={4}
            />
          ))}
          {labelled.map((point) => (
            <text
              key={point.season}
              className="trend-chart__value"
              x={x(point.index)}
              y={y(point.value) - 9}
              textAnchor={anchorAt(point.index)}
            >
              {formatFigure(point.value, digits)}
            </text>
          ))}
          {points.map((point, index) =>
            named(index) ? (
              <text
                key={point.season}
                className="trend-chart__season"
                x={x(index)}
                y={HEIGHT - 6}
                textAnchor={anchorAt(index)}
              >
                {shortSeason(point.season)}
              </text>
            ) : null,
          )}
        </svg>
      )}
    </figure>
  );
}
