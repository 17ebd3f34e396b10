import type { CullWarning } from '@cull-log/contracts';

const TITLES: Record<CullWarning['code'], string> = {
  close_season: 'Close season',
  night: 'Night',
  calibre: 'Calibre',
  duplicate_tag: 'Carcass tag used twice',
};

interface WarningListProps {
  warnings: readonly CullWarning[];
  /** Announced as the warnings change (the form); a saved record's list is read like the rest of the page. */
  live?: boolean;
  heading: string;
}

/** The legal warnings on a record: never a refusal, each naming its rule and what may make it lawful. */
export function WarningList({ warnings, live = false, heading }: WarningListProps) {
  const list =
    warnings.length === 0 ? null : (
      <section className="warnings" aria-label={heading}>
        <h2 className="warnings__heading">
          <span aria-hidden="true">⚠ </span>
          {heading}
        </h2>
        <ul className="warnings__list">
          {warnings.map((warning) => (
            <li key={warning.code}>
              <strong>{TITLES[warning.code]}:</strong> {warning.message}
            </li>
          ))}
        </ul>
      </section>
    );
  if (!live) return list;
  return (
    <div role="status" aria-live="polite">
      {list}
    </div>
  );
}
