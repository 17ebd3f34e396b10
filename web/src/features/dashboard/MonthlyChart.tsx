import { formatMonth, formatMonthShort } from '../../lib/format';

interface MonthlyChartProps {
  /** The season's twelve months, first first. */
  months: { month: string; count: number }[];
  /** Records made on this device not yet sent, by month: drawn on top of the month's column, marked "+". */
  waiting?: Record<string, number>;
  /** The season's label, `2026/27`. */
  season: string;
}

const NO_WAITING: Record<string, number> = {};

/**
 * Culls per month of the season as columns drawn in HTML, so their text keeps its size at every width (a scaled
 * drawing shrank it on a phone), with a hidden table carrying the same figures for screen readers.
 */
export function MonthlyChart({ months, waiting = NO_WAITING, season }: MonthlyChartProps) {
  const waitingIn = (month: string) => waiting[month] ?? 0;
  const largest = Math.max(1, ...months.map((entry) => entry.count + waitingIn(entry.month)));
  if (months.every((entry) => entry.count + waitingIn(entry.month) === 0))
    return <p className="muted">No culls in the {season} season.</p>;
  return (
    <figure className="month-chart">
      <div className="month-chart__plot" aria-hidden="true">
        {months.map((entry) => {
          const held = waitingIn(entry.month);
          return (
            <div key={entry.month} className="month-chart__column">
              <span className="month-chart__track">
                {entry.count + held > 0 ? (
                  <span className="month-chart__count">
                    {entry.count}
                    {held > 0 ? <span className="month-chart__waiting-count">+{held}</span> : null}
                  </span>
                ) : null}
                {held > 0 ? (
                  <span
                    className="month-chart__bar month-chart__bar--waiting"
                    style={{ height: `${(held / largest) * 100}%` }}
                  />
                ) : null}
                <span className="month-chart__bar" style={{ height: `${(entry.count / largest) * 100}%` }} />
              </span>
              <span className="month-chart__label">{formatMonthShort(entry.month)}</span>
            </div>
          );
        })}
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
              <td>
                {entry.count}
                {waitingIn(entry.month) > 0 ? ` + ${waitingIn(entry.month)} waiting` : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
