import { formatMonth, formatMonthShort } from '../../lib/format';

interface MonthlyChartProps {
  months: { month: string; count: number }[];
}

/**
 * Culls per month as columns drawn in HTML, so their text keeps its size at every width (a scaled drawing shrank
 * it on a phone), with a hidden table carrying the same figures for screen readers.
 */
export function MonthlyChart({ months }: MonthlyChartProps) {
  const largest = Math.max(1, ...months.map((entry) => entry.count));
  if (months.every((entry) => entry.count === 0))
    return <p className="muted">No culls in the last 12 months.</p>;
  return (
    <figure className="month-chart">
      <div className="month-chart__plot" aria-hidden="true">
        {months.map((entry) => (
          <div key={entry.month} className="month-chart__column">
            <span className="month-chart__track">
              {entry.count > 0 ? <span className="month-chart__count">{entry.count}</span> : null}
              <span className="month-chart__bar" style={{ height: `${(entry.count / largest) * 100}%` }} />
            </span>
            <span className="month-chart__label">{formatMonthShort(entry.month)}</span>
          </div>
        ))}
      </div>
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
