import type { CullBySex } from '@cull-log/contracts';

interface CullChartProps {
  points: ReadonlyArray<{ season: string; cull: CullBySex }>;
}

const WIDTH = 320;
const HEIGHT = 120;
const SIDE = 14;
const TOP = 22;
const BOTTOM = 26;

/** The sexes stacked from the foot up, each with its look and the words for it. */
const SEXES = [
  { sex: 'Female', className: 'cull-chart__female', word: 'female' },
  { sex: 'Male', className: 'cull-chart__male', word: 'male' },
  { sex: 'Unknown', className: 'cull-chart__unknown', word: 'sex unknown' },
] as const;

/** "1 male, 2 female": a season's culls by sex; "none" with none. */
export function cullWords(cull: CullBySex): string {
  const parts = SEXES.filter(({ sex }) => cull[sex] > 0).map(({ sex, word }) => `${cull[sex]} ${word}`);
  return parts.length === 0 ? 'none' : parts.join(', ');
}

/** The deer culled each season as a bar, females at its foot, then males and those of unknown sex; drawn in SVG. */
export function CullChart({ points }: CullChartProps) {
  const totals = points.map(({ cull }) => cull.Male + cull.Female + cull.Unknown);
  const top = Math.max(1, ...totals);
  const slot = (WIDTH - 2 * SIDE) / points.length;
  const barWidth = Math.min(36, slot * 0.6);
  const scale = (HEIGHT - TOP - BOTTOM) / top;
  const named = (index: number) => points.length <= 6 || (points.length - 1 - index) % 2 === 0;
  return (
    <figure className="trend-chart">
      <figcaption className="trend-chart__caption">
        <span className="trend-chart__title">Culled, by sex</span>
        {totals.every((total) => total === 0) ? null : (
          <span className="cull-chart__legend" aria-hidden="true">
            <span className="cull-chart__key cull-chart__key--female">Female</span>
            <span className="cull-chart__key cull-chart__key--male">Male</span>
            {points.some(({ cull }) => cull.Unknown > 0) ? (
              <span className="cull-chart__key cull-chart__key--unknown">Unknown</span>
            ) : null}
          </span>
        )}
      </figcaption>
      {totals.every((total) => total === 0) ? (
        <p className="trend-chart__empty">None culled.</p>
      ) : (
        <svg
          className="trend-chart__plot"
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-label={`Culled, by sex: ${points.map(({ season, cull }) => `${season} ${cullWords(cull)}`).join('; ')}.`}
        >
          <line
            className="trend-chart__axis"
            x1={SIDE}
            x2={WIDTH - SIDE}
            y1={HEIGHT - BOTTOM}
            y2={HEIGHT - BOTTOM}
          />
          {points.map(({ season, cull }, index) => {
            const middle = SIDE + slot * (index + 0.5);
            let foot = HEIGHT - BOTTOM;
            return (
              <g key={season}>
                {SEXES.map(({ sex, className }) => {
                  const height = cull[sex] * scale;
                  foot -= height;
                  return height > 0 ? (
                    <rect
                      key={sex}
                      className={className}
                      x={middle - barWidth / 2}
                      y={foot}
                      width={barWidth}
                      height={height}
                    />
                  ) : null;
                })}
                <text className="trend-chart__value" x={middle} y={foot - 6} textAnchor="middle">
                  {totals[index]}
                </text>
                {named(index) ? (
                  <text className="trend-chart__season" x={middle} y={HEIGHT - 6} textAnchor="middle">
                    {season.slice(2)}
                  </text>
                ) : null}
              </g>
            );
          })}
        </svg>
      )}
    </figure>
  );
}
