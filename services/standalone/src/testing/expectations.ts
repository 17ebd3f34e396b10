import { setTimeout as sleep } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';
import {
  DEFAULT_SEASON_START,
  type Cull,
  type RecordCullRequest,
  type SeasonStart,
  type StatsResponse,
} from '@cull-log/contracts';
import { sampleRecordRequest } from '@cull-log/contracts/testing';
import {
  computeOutingFigures,
  computeStats,
  seasonSummary,
  accountCsvRow,
  currentSeason,
  exportCsvHeader,
  exportCsvRow,
  toCsvLine,
  type DashboardStats,
  type OutingRecord,
} from '@cull-log/domain';
import type { CullLogClient } from './cull-log-client';

/** A valid record with a weight; `overrides` changes what a test cares about. */
export function sampleCull(overrides: Partial<RecordCullRequest> = {}): RecordCullRequest {
  return sampleRecordRequest({ weight: 14.5, ...overrides });
}

/**
 * Calls `attempt` until `done` accepts its result, for at most `timeoutMs`, and returns the last result, so
 * the caller's own assertion shows what was still wrong when time ran out.
 */
export async function pollUntil<T>(
  attempt: () => Promise<T>,
  done: (result: T) => boolean,
  { timeoutMs = 90_000, intervalMs = 250 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await attempt();
    if (done(result) || Date.now() > deadline) return result;
    await sleep(intervalMs);
  }
}

/** What else a user's figures depend on besides their records: their season start and their outings. */
export interface FiguresContext {
  start?: SeasonStart;
  outings?: readonly OutingRecord[];
}

/**
 * The figures the domain derives from the records themselves: what every projection must converge to. By default the
 * user keeps the default season start and has been on no outing.
 */
export function statsOf(
  records: readonly Cull[],
  { start = DEFAULT_SEASON_START, outings = [] }: FiguresContext = {},
): DashboardStats {
  const now = new Date();
  const stats = computeStats(records, now, { start });
  const season = currentSeason(now, start);
  return {
    ...stats,
    season: {
      ...stats.season,
      outings: computeOutingFigures(outings, season),
      ...seasonSummary(records, season),
    },
    season_start: start,
  };
}

export function withoutPosition({ position: _position, ...figures }: StatsResponse): DashboardStats {
  return figures;
}

/**
 * The CSV rows of these records as the account download writes them (in no outing), sorted (the order is the
 * service's choice).
 */
export function csvRowsOf(records: readonly Cull[]): string[] {
  return records
    .map((record) => toCsvLine(accountCsvRow(record, { id: record.id, outingStartedAt: null })).trimEnd())
    .sort();
}

/**
 * The rows of these records in the CSV export, which adds each record's ground by its name now, then its id, its
 * outing by when it started (`outingStarts`, by outing id) and its warnings, sorted.
 */
export function exportCsvRowsOf(
  records: readonly Cull[],
  outingStarts: ReadonlyMap<string, string> = new Map(),
): string[] {
  return records
    .map((record) => {
      const outingStartedAt =
        record.outing_id === undefined ? null : (outingStarts.get(record.outing_id) ?? null);
      return toCsvLine(
        exportCsvRow(record, record.ground_name ?? null, { id: record.id, outingStartedAt }),
      ).trimEnd();
    })
    .sort();
}

export interface ParsedCsv {
  header: string;
  rows: string[];
}

/** Splits an export into its header and sorted data lines (rows here never span lines). */
export function parseCsv(text: string): ParsedCsv {
  // The export starts with a byte-order mark for spreadsheets; a client decoding UTF-8 may have taken it off already.
  const [header = '', ...rows] = text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line !== '');
  return { header, rows: rows.sort() };
}

/** The header of the CSV export. */
export const CSV_HEADER = exportCsvHeader.trimEnd();

/**
 * Waits until the stats and the CSV export agree with the records list (bounded), and returns what they
 * finally answered for the caller to assert on. The bound covers a consumer that died holding an event:
 * JetStream hands that event on only after its ack wait (30 s).
 */
export async function projectionsOf(
  client: CullLogClient,
  records: readonly Cull[],
  position: number,
  context: FiguresContext = {},
) {
  const expectedStats = statsOf(records, context);
  const outingStarts = new Map(
    (context.outings ?? []).flatMap((outing) =>
      'id' in outing && typeof outing.id === 'string' ? [[outing.id, outing.started_at] as const] : [],
    ),
  );
  const expectedRows = exportCsvRowsOf(records, outingStarts);
  const stats = await pollUntil(
    () => client.stats(position),
    (answer) => answer.position >= position && isDeepStrictEqual(withoutPosition(answer), expectedStats),
  );
  const csv = await pollUntil(
    async () => parseCsv((await client.csv()).text),
    (parsed) => isDeepStrictEqual(parsed.rows, expectedRows),
  );
  return { stats, expectedStats, csv, expectedRows };
}
