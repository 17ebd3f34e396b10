import type { CullWarning, ImportAdjustment, ImportRefusal, ImportWarning } from '@cull-log/contracts';
import { WarningList } from '../records';
import { PagedTable } from './PagedTable';
import { formatNumber } from '@cull-log/domain';
import { rowCount } from './words';

/** The rules the form warns of, by code: a code the app does not know yet is shown by its message alone. */
const KNOWN_WARNINGS: Record<CullWarning['code'], true> = {
  close_season: true,
  night: true,
  calibre: true,
  duplicate_tag: true,
};
const isKnown = (warning: ImportWarning): warning is ImportWarning & CullWarning =>
  Object.hasOwn(KNOWN_WARNINGS, warning.code);

/** Every row that will not import, with the column at fault and why, in the form's words. */
export function RefusedRows({ refused }: { refused: readonly ImportRefusal[] }) {
  if (refused.length === 0) return null;
  return (
    <section className="import-section" aria-labelledby="import-refused">
      <h3 id="import-refused">Rows that will not import ({formatNumber(refused.length)})</h3>
      <p className="form__hint">Fix them in your file and choose it again, or import the other rows now.</p>
      <PagedTable
        caption="Rows that will not import"
        className="import-refusals"
        columns={['Row', 'Column', 'Reason']}
        items={refused}
        rowKey={(refusal, index) => `${refusal.row}-${refusal.column ?? ''}-${index}`}
        row={(refusal) => (
          <>
            <th scope="row">{refusal.row}</th>
            <td>{refusal.column ?? 'Whole row'}</td>
            <td className="import-refusals__reason">{refusal.reason}</td>
          </>
        )}
      />
    </section>
  );
}

interface Adjusted {
  column: string;
  from: string;
  to: string;
  rows: number;
}

/** The same change made on many rows ("Fallow → Fallow Deer") said once, with how many rows it was made on. */
function groupAdjustments(adjusted: readonly ImportAdjustment[]): Adjusted[] {
  const groups = new Map<string, Adjusted>();
  for (const { column, from, to } of adjusted) {
    const key = JSON.stringify([column, from, to]);
    const group = groups.get(key);
    if (group) group.rows += 1;
    else groups.set(key, { column, from, to, rows: 1 });
  }
  return [...groups.values()];
}

/** Values that had no exact match in Cull Log's lists, and what they became. */
export function Adjustments({ adjusted }: { adjusted: readonly ImportAdjustment[] }) {
  if (adjusted.length === 0) return null;
  return (
    <section className="import-section" aria-labelledby="import-adjusted">
      <h3 id="import-adjusted">Values read as the nearest in Cull Log’s lists</h3>
      <PagedTable
        caption="Values changed, with the rows they were changed on"
        columns={['Change', 'Column', 'Rows']}
        items={groupAdjustments(adjusted)}
        rowKey={(group) => JSON.stringify([group.column, group.from, group.to])}
        row={(group) => (
          <>
            <th scope="row">
              {group.from} → {group.to}
            </th>
            <td>{group.column}</td>
            <td>{rowCount(group.rows)}</td>
          </>
        )}
      />
    </section>
  );
}

interface RowWarnings {
  row: number;
  known: (ImportWarning & CullWarning)[];
  other: ImportWarning[];
}

function warningsByRow(warnings: readonly ImportWarning[]): RowWarnings[] {
  const byRow = new Map<number, RowWarnings>();
  for (const warning of warnings) {
    const entry = byRow.get(warning.row) ?? { row: warning.row, known: [], other: [] };
    if (isKnown(warning)) entry.known.push(warning);
    else entry.other.push(warning);
    byRow.set(warning.row, entry);
  }
  return [...byRow.values()].sort((a, b) => a.row - b.row);
}

/** The legal warnings rows will carry, as the form shows them: never a reason to refuse a row. */
export function ImportWarnings({ warnings }: { warnings: readonly ImportWarning[] }) {
  if (warnings.length === 0) return null;
  const grouped = warningsByRow(warnings);
  return (
    <section className="import-section warnings" aria-labelledby="import-warnings">
      <h3 id="import-warnings" className="warnings__heading">
        <span aria-hidden="true">⚠ </span>
        Warnings on {rowCount(grouped.length)}
      </h3>
      <p className="form__hint">These rows import with their warnings, as the form would save them.</p>
      <PagedTable
        caption="Warnings"
        columns={['Row', 'Warnings']}
        items={grouped}
        rowKey={(entry) => String(entry.row)}
        row={(entry) => (
          <>
            <th scope="row">{entry.row}</th>
            <td className="import-warnings__lines">
              <WarningList warnings={entry.known} />
              {entry.other.map((warning) => (
                <p key={warning.code} className="warning__line">
                  {warning.message}
                </p>
              ))}
            </td>
          </>
        )}
      />
    </section>
  );
}
