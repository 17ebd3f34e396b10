import type { Ground, PlanMemberProgressRow, PlanProgressRow } from '@cull-log/contracts';
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

const sameTarget = (a: Omit<PlanProgressRow, 'left' | 'exceeded'>, b: PlanMemberProgressRow) =>
  a.ground_id === b.ground_id && a.species === b.species && a.class === b.class;

/**
 * One member's line against their share and the team's whole target: "Ann 2 of 3 Roe Deer female; team 9 of 12". A
 * member without a share says how many they culled.
 */
export function memberProgressWords(member: PlanMemberProgressRow, rows: readonly PlanProgressRow[]): string {
  const what = `${member.species} ${classWord(member.class)}`;
  const own =
    member.target === null
      ? `${member.name} ${member.actual} ${what}, no share`
      : `${member.name} ${member.actual} of ${member.target} ${what}`;
  const team = rows.find((row) => sameTarget(row, member));
  if (team === undefined) return own;
  return team.target === null
    ? `${own}; team ${team.actual}`
    : `${own}; team ${team.actual} of ${team.target}`;
}

/** A team's progress member by member, each against their share and the team's target, by ground. */
export function MemberProgress({
  members,
  rows,
  grounds,
}: {
  members: readonly PlanMemberProgressRow[];
  rows: readonly PlanProgressRow[];
  grounds: Ground[] | undefined;
}) {
  if (members.length === 0) return null;
  const scopes = [...new Set(members.map((member) => member.ground_id))];
  return (
    <div className="plan-progress plan-progress--members">
      <h3 className="plan-progress__scope">By member</h3>
      {scopes.map((scope) => {
        const name = scope === null ? 'All grounds' : groundName(scope, grounds);
        return (
          <ul key={scope ?? 'all'} className="plan-members" aria-label={`Members' progress: ${name}`}>
            {members
              .filter((member) => member.ground_id === scope)
              .map((member) => (
                <li key={`${member.uid ?? member.name}|${member.species}|${member.class}`}>
                  {memberProgressWords(member, rows)}
                  {scope === null ? null : <span className="muted"> ({name})</span>}
                </li>
              ))}
          </ul>
        );
      })}
    </div>
  );
}
