import type { CullWarning } from '@cull-log/contracts';
import { warningLine, type WarningLineFacts } from '@cull-log/domain';

interface WarningListProps {
  warnings: readonly CullWarning[];
  /**
   * The record (or the form's values as one) the warnings are on, to say each in one line ("Close season for roe
   * bucks: 1 Nov – 31 Mar"); without it each line names its rule only.
   */
  record?: WarningLineFacts | undefined;
  /** Announced as the warnings change (the form); a saved record's list is read like the rest of the page. */
  live?: boolean;
  /** The list's heading; without one, the lines alone (a table's cell, where the column names them). */
  heading?: string;
}

/**
 * The legal warnings on a record: never a refusal. Each is one line to read at a glance, with the law and what may
 * make it lawful behind its "Why".
 */
export function WarningList({ warnings, record, live = false, heading }: WarningListProps) {
  const lines = (
    <ul className="warnings__list">
      {warnings.map((warning) => {
        const line = warningLine(warning.code, record);
        return (
          <li key={warning.code} className="warning">
            <span className="warning__line">{line}</span>
            <details className="warning__why">
              <summary>
                Why<span className="visually-hidden">: {line}</span>
              </summary>
              <p>{warning.message}</p>
            </details>
          </li>
        );
      })}
    </ul>
  );
  const list =
    warnings.length === 0 ? null : heading === undefined ? (
      lines
    ) : (
      <section className="warnings" aria-label={heading}>
        <h2 className="warnings__heading">
          <span aria-hidden="true">⚠ </span>
          {heading}
        </h2>
        {lines}
      </section>
    );
  if (!live) return list;
  return (
    <div role="status" aria-live="polite">
      {list}
    </div>
  );
}
