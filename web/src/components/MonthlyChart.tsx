import { formatMonth, formatMonthShort } from '../format/format';

interface MonthlyChartProps {
  months: { month: string; count: number }[];
}

const WIDTH = 600;
const HEIGHT = 220;
const AXIS = 24;
const TOP = 18;

/** Culls per month as SVG columns, with a hidden table carrying the same figures for screen readers. */
export function MonthlyChart({ months }: MonthlyChartProps) {
  const largest = Math.max(1, ...months.map((entry) => entry.count));
  if (months.every((entry) => entry.count === 0))
    return <p className="muted">No culls in the last 12 months.</p>;
  const slot = WIDTH / Math.max(1, months.length);
  const barWidth = slot * 0.6;
  const plotHeight = HEIGHT - AXIS - TOP;
  return (
    <figure className="month-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="month-chart__svg"
        aria-hidden="true"
        focusable="false"
      >
        <line x1="0" x2={WIDTH} y1={HEIGHT - AXIS} y2={HEIGHT - AXIS} className="month-chart__axis" />
        {months.map((entry, index) => {
          const height = (entry.count / largest) * plotHeight;
          const x = index * slot + (slot - barWidth) / 2;
          const y = HEIGHT - AXIS - height;
          return (
            <g key={entry.month}>
              <rect x={x} y={y} width={barWidth} height={height} rx="3" className="month-chart__bar" />
              {entry.count > 0 ? (
                <text x={x + barWidth / 2} y={y - 4} textAnchor="middle" className="month-chart__count">
                  {entry.count}
                </text>
              ) : null}
              <text x={x + barWidth / 2} y={HEIGHT - 6} textAnchor="middle" className="month-chart__label">
                {formatMonthShort(entry.month)}
              </text>
            </g>
          );
        })}
      </svg>
      <table className="visually-hidden">
        <caption>Culls per month</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Culls</th>
          </tr>
        </thead>
        <tbody>
          {months.map((entry) => (
            <tr key={entry.month}>
              <th scope="row">{formatMonth(entry.month)}</th>
              <td>{entry.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
