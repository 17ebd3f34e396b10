import type { Ground, PlanProgressRow } from '@cull-log/contracts';
import { groundName } from '../grounds';

/** "2 left", "target met", "3 over the target", or, with no target, how many were culled. */
export function progressWords(row: PlanProgressRow): string {
  if (row.target === null) return `${row.actual} culled, no target`;
  const over = row.actual - row.target;
  if (over > 0) return `${row.actual} of ${row.target}: ${over} over the target`;
  if (over === 0) return `${row.actual} of ${row.target}: target met`;
  return `${row.actual} of ${row.target}: ${row.left ?? -over} left`;
}

const classWord = (plannedClass: PlanProgressRow['class']) =>
  plannedClass === 'Unknown' ? 'sex unknown' : plannedClass.toLowerCase();

function Bar({ row }: { row: PlanProgressRow }) {
  const share =
    row.target === null || row.target === 0 ? (row.actual > 0 ? 1 : 0) : Math.min(1, row.actual / row.target);
  const state = row.exceeded ? 'over' : row.target !== null && row.actual >= row.target ? 'met' : 'under';
  return (
    <li className={`plan-progress__row plan-progress__row--${state}`}>
      <span className="plan-progress__name">
        {row.species}, {classWord(row.class)}
      </span>
      <span className="plan-progress__words">{progressWords(row)}</span>
      <span className="plan-progress__bar" aria-hidden="true">
        <span className="plan-progress__fill" style={{ width: `${Math.round(share * 100)}%` }} />
      </span>
    </li>
  );
}

/** Actual against target per species and class: all grounds first, then each ground with a plan of its own. */
export function PlanProgress({ rows, grounds }: { rows: PlanProgressRow[]; grounds: Ground[] | undefined }) {
  const scopes = [...new Set(rows.map((row) => row.ground_id))].sort((a, b) =>
    a === null ? -1 : b === null ? 1 : groundName(a, grounds).localeCompare(groundName(b, grounds)),
  );
  return (
    <div className="plan-progress">
      {scopes.map((scope) => {
        const name = scope === null ? 'All grounds' : groundName(scope, grounds);
        return (
          <div key={scope ?? 'all'}>
            <h3 className="plan-progress__scope">{name}</h3>
            <ul className="plan-progress__list" aria-label={`Plan progress: ${name}`}>
              {rows
                .filter((row) => row.ground_id === scope)
                .map((row) => (
                  <Bar key={`${row.species}|${row.class}`} row={row} />
                ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
