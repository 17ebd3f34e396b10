import {
  MESSAGES,
  type ImportAdjustment,
  type ImportDefaults,
  type ImportFileFormat,
  type ImportLayout,
  type ImportMapping,
  type ImportOptions,
  type ImportRefusal,
  type ImportWarning,
  type RecordCull,
  type RecordCullRequest,
} from '@cull-log/contracts';
import { cullDecider, defaultsNeeded, guessMapping, mapRow, recogniseLayout } from '@cull-log/domain';
import { openSpreadsheet, type ImportCell } from './read';

/** Rows the mapping is guessed from, besides the header. */
const SAMPLE_ROWS = 50;

/** What a row of the file comes to: a record ready to write, or why it will not import. */
export type RowOutcome =
  | {
      row: number;
      ok: true;
      request: RecordCullRequest;
      adjustments: ImportAdjustment[];
      warnings: ImportWarning[];
    }
  | { row: number; ok: false; refusals: ImportRefusal[] };

/** A file opened for import with its mapping mapping, its rows read (again from the start) on each call. */
export interface ImportReading {
  format: ImportFileFormat;
  layout: ImportLayout;
  encoding?: string;
  delimiter?: string;
  sheets: string[];
  sheet: string | null;
  columns: string[];
  mapping: ImportMapping;
  defaults: ImportDefaults;
  defaults_needed: ReturnType<typeof defaultsNeeded>;
  rows(): AsyncIterable<RowOutcome>;
}

export interface ReadingContext {
  now: Date;
  /** The user's grounds, for a column naming one. */
  grounds: readonly { id: string; name: string }[];
}

/**
 * Opens the kept file and settles how it is read: the mapping sent, else the one of a layout recognised by its header
 * (Cull Log's export, First Light's), else one guessed from the header and the first rows. Each row is then mapped,
 * and checked by the very rules a record typed on the form is (the decider's), so a row ready here imports.
 */
export async function readImport(
  file: { path: string; name: string },
  options: ImportOptions,
  context: ReadingContext,
): Promise<ImportReading> {
  const opened = await openSpreadsheet(file, options.sheet === undefined ? {} : { sheet: options.sheet });
  const recognised = recogniseLayout(opened.columns);
  // A recognised layout's mapping is exact and needs no sample; a mapping sent that differs from it is the user's own.
  const exact = recognised === 'mapped' ? undefined : guessMapping(opened.columns, []);
  const mapping = options.mapping ?? exact ?? guessMapping(opened.columns, await sampleOf(opened.rows()));
  const layout: ImportLayout =
    exact !== undefined && JSON.stringify(mapping) === JSON.stringify(exact) ? recognised : 'mapped';
  const defaults = options.defaults ?? {};
  const header = (column: number | null) => (column === null ? null : (opened.columns[column] ?? null));

  async function* rows(): AsyncIterable<RowOutcome> {
    for await (const { row, cells, refusal } of opened.rows()) {
      if (refusal !== undefined) {
        yield { row, ok: false, refusals: [{ row, column: header(refusal.column), reason: refusal.reason }] };
        continue;
      }
      const mapped = mapRow(cells, mapping, defaults, { now: context.now, grounds: context.grounds });
      if (!mapped.ok) {
        yield { row, ok: false, refusals: mapped.refusals.map((refused) => ({ row, ...refused })) };
        continue;
      }
      const ruleBroken = decidedAgainst(mapped.request, context.now);
      if (ruleBroken !== undefined) {
        yield { row, ok: false, refusals: [{ row, column: ruleBroken.column, reason: ruleBroken.reason }] };
        continue;
      }
      yield {
        row,
        ok: true,
        request: mapped.request,
        adjustments: mapped.adjustments.map((adjustment) => ({ row, ...adjustment })),
        warnings: mapped.warnings.map((warning) => ({ row, ...warning })),
      };
    }
  }

  return {
    format: opened.format,
    layout,
    ...(opened.encoding === undefined ? {} : { encoding: opened.encoding }),
    ...(opened.delimiter === undefined ? {} : { delimiter: opened.delimiter }),
    sheets: opened.sheets,
    sheet: opened.sheet,
    columns: opened.columns,
    mapping: mapping,
    defaults,
    defaults_needed: defaultsNeeded(mapping, defaults),
    rows,
  };
}

async function sampleOf(rows: AsyncIterable<{ cells: ImportCell[] }>): Promise<ImportCell[][]> {
  const sample: ImportCell[][] = [];
  for await (const { cells } of rows) {
    sample.push(cells);
    if (sample.length >= SAMPLE_ROWS) break;
  }
  return sample;
}

/** The record's own rules (a date in the future, a field out of bounds), as the decider applies them to a new one. */
function decidedAgainst(
  request: RecordCullRequest,
  now: Date,
): { column: string | null; reason: string } | undefined {
  const { id: _id, ground_id: _ground, outing_id: _outing, ...fields } = request;
  const command: RecordCull = {
    type: 'RecordCull',
    cullId: 'row-check',
    fields,
    meta: {
      userId: 'row-check',
      eventId: 'row-check',
      occurredAt: now.toISOString(),
      correlationId: 'row-check',
    },
  };
  const decision = cullDecider.decide(command, cullDecider.initialState);
  if (decision.ok) return undefined;
  const error = decision.error;
  return error.code === 'invalid_field'
    ? { column: error.field, reason: error.message }
    : { column: null, reason: MESSAGES.invalidFields };
}
