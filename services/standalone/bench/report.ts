/**
 * The benchmark's one table: each measure at the small and the large log, their ratio, the target and whether
 * it is met. Targets are judged at the large log (100,000 records), except those on the ratio itself.
 */
import type { LoadResult } from './load';

/** Everything measured for one size of log. */
export interface SizeFigures {
  records: number;
  located: number;
  seedSeconds: number;
  /** From starting the process until it first answered. */
  startSeconds: number;
  /** From starting the process until the stats projection had applied every seeded event. */
  startToCaughtUpSeconds: number;
  /** From starting the process again, projections caught up, until it first answered. */
  restartSeconds: number;
  /** startToCaughtUpSeconds less restartSeconds: the catch-up's own time; undefined when lost in the noise. */
  catchUpSeconds: number | undefined;
  /** Whether the exports projection, catching up on the same thread, was done when the stats were. */
  exportsCaughtUpWithStats: boolean;
  stats: LoadResult;
  firstPage: LoadResult;
  bareFastify: LoadResult;
  search: LoadResult;
  lastPage: LoadResult;
  /** The map's download: which path answered it, its size before compression, one request's time. */
  map: { path: string; bytes: number; milliseconds: number };
  csv: { rowsPerSecond: number; bytes: number; rssBefore: number | undefined; rssPeak: number | undefined };
  csvStringifyRowsPerSecond: number;
  creates: LoadResult;
}

export interface TableRow {
  measure: string;
  small: number | undefined;
  large: number | undefined;
  /** large ÷ small. */
  ratio: number | undefined;
  target: string;
  /** Undefined for figures reported without a target. */
  pass: boolean | undefined;
  decimals: number;
}

type Figure = (figures: SizeFigures) => number | undefined;

interface Measure {
  measure: string;
  value: Figure;
  decimals?: number;
  target?: { text: string; met: (large: number, ratio: number | undefined) => boolean };
}

const megabytes = (bytes: number | undefined) => (bytes === undefined ? undefined : bytes / 1024 / 1024);

const MEASURES: Measure[] = [
  {
    measure: 'GET /api/stats median (ms)',
    value: (f) => f.stats.medianMs,
    target: { text: '1k→100k < 1.5×', met: (_large, ratio) => ratio !== undefined && ratio < 1.5 },
  },
  {
    measure: 'GET /api/stats p99 (ms)',
    value: (f) => f.stats.p99Ms,
    target: { text: '1k→100k < 1.5×', met: (_large, ratio) => ratio !== undefined && ratio < 1.5 },
  },
  { measure: 'GET /api/stats (req/s)', value: (f) => f.stats.okPerSecond },
  { measure: 'list page 1 (req/s)', value: (f) => f.firstPage.okPerSecond },
  {
    measure: 'GET /api/stats ÷ list page 1 (req/s)',
    value: (f) => f.stats.okPerSecond / f.firstPage.okPerSecond,
    decimals: 2,
    target: { text: '≥ 1', met: (large) => large >= 1 },
  },
  { measure: 'bare Fastify, same page (req/s)', value: (f) => f.bareFastify.okPerSecond },
  {
    measure: 'list page 1 ÷ bare Fastify',
    value: (f) => f.firstPage.okPerSecond / f.bareFastify.okPerSecond,
    decimals: 2,
    target: { text: '≥ 0.10', met: (large) => large >= 0.1 },
  },
  { measure: 'list page 1 median (ms)', value: (f) => f.firstPage.medianMs },
  {
    measure: 'list page 1 p99 (ms)',
    value: (f) => f.firstPage.p99Ms,
    target: { text: '≤ 25 ms', met: (large) => large <= 25 },
  },
  { measure: 'search "wood 42" (req/s)', value: (f) => f.search.okPerSecond },
  { measure: 'search "wood 42" median (ms)', value: (f) => f.search.medianMs },
  {
    measure: 'search "wood 42" p99 (ms)',
    value: (f) => f.search.p99Ms,
    target: { text: '≤ 50 ms', met: (large) => large <= 50 },
  },
  { measure: 'last page (req/s)', value: (f) => f.lastPage.okPerSecond },
  { measure: 'last page median (ms)', value: (f) => f.lastPage.medianMs },
  { measure: 'last page p99 (ms)', value: (f) => f.lastPage.p99Ms },
  {
    measure: 'last page ÷ page 1, median',
    value: (f) => f.lastPage.medianMs / Math.max(1, f.firstPage.medianMs),
    decimals: 2,
    target: { text: '≤ 2', met: (large) => large <= 2 },
  },
  { measure: 'map download (KB)', value: (f) => f.map.bytes / 1024 },
  {
    measure: 'map download, bytes per located record',
    value: (f) => f.map.bytes / Math.max(1, f.located),
    target: { text: '≤ 40', met: (large) => large <= 40 },
  },
  { measure: 'map download, one request (ms)', value: (f) => f.map.milliseconds },
  { measure: 'start until stats caught up (s)', value: (f) => f.startToCaughtUpSeconds, decimals: 2 },
  {
    measure: 'start until stats caught up (events/s)',
    value: (f) => f.records / f.startToCaughtUpSeconds,
    target: { text: '≥ 20,000', met: (large) => large >= 20_000 },
  },
  { measure: 'restart, nothing to catch up (s)', value: (f) => f.restartSeconds, decimals: 2 },
  { measure: 'stats catch-up, the difference (s)', value: (f) => f.catchUpSeconds, decimals: 2 },
  {
    measure: 'stats catch-up (events/s)',
    value: (f) => (f.catchUpSeconds === undefined ? undefined : f.records / f.catchUpSeconds),
  },
  {
    // The stats and exports projections catch up together on one thread: the thread applies both logs.
    measure: 'catch-up, stats + exports (events applied/s)',
    value: (f) =>
      f.catchUpSeconds === undefined || !f.exportsCaughtUpWithStats
        ? undefined
        : (2 * f.records) / f.catchUpSeconds,
  },
  { measure: 'CSV export (rows/s)', value: (f) => f.csv.rowsPerSecond },
  { measure: 'csv-stringify alone, same rows (rows/s)', value: (f) => f.csvStringifyRowsPerSecond },
  {
    measure: 'CSV export ÷ csv-stringify',
    value: (f) => f.csv.rowsPerSecond / f.csvStringifyRowsPerSecond,
    decimals: 2,
    target: { text: '≥ 0.6', met: (large) => large >= 0.6 },
  },
  {
    measure: 'CSV export: app RSS growth (MB)',
    value: (f) => {
      const before = megabytes(f.csv.rssBefore);
      const peak = megabytes(f.csv.rssPeak);
      return before === undefined || peak === undefined ? undefined : peak - before;
    },
  },
  { measure: 'CSV export: app RSS peak (MB)', value: (f) => megabytes(f.csv.rssPeak) },
  {
    measure: 'creates acknowledged, 32 clients (/s)',
    value: (f) => f.creates.okPerSecond,
    target: { text: '≥ 1,500', met: (large) => large >= 1_500 },
  },
  {
    measure: 'creates refused 429 (rate limit)',
    value: (f) => f.creates.statusCounts['429'] ?? 0,
    decimals: 0,
  },
];

export function tableRows(small: SizeFigures, large: SizeFigures): TableRow[] {
  return MEASURES.map(({ measure, value, decimals, target }) => {
    const smallValue = value(small);
    const largeValue = value(large);
    const ratio =
      smallValue === undefined || largeValue === undefined || smallValue === 0
        ? undefined
        : largeValue / smallValue;
    return {
      measure,
      small: smallValue,
      large: largeValue,
      ratio,
      target: target?.text ?? '',
      pass: target === undefined || largeValue === undefined ? undefined : target.met(largeValue, ratio),
      decimals: decimals ?? (largeValue !== undefined && Math.abs(largeValue) < 10 ? 1 : 0),
    };
  });
}

function formatted(value: number | undefined, decimals: number): string {
  if (value === undefined || !Number.isFinite(value)) return '–';
  return value.toLocaleString('en-GB', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** The table as aligned plain text, one row per measure. */
export function renderTable(rows: TableRow[], smallSize: number, largeSize: number): string {
  const header = [
    'measure',
    `${smallSize.toLocaleString('en-GB')} records`,
    `${largeSize.toLocaleString('en-GB')} records`,
    'ratio',
    'target',
    'result',
  ];
  const cells = rows.map((row) => [
    row.measure,
    formatted(row.small, row.decimals),
    formatted(row.large, row.decimals),
    formatted(row.ratio, 2),
    row.target,
    row.pass === undefined ? '' : row.pass ? 'pass' : 'FAIL',
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((line) => line[column]!.length)),
  );
  const line = (values: string[]) =>
    values
      .map((value, column) =>
        column === 0 ? value.padEnd(widths[column]!) : value.padStart(widths[column]!),
      )
      .join('  ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...cells.map(line)].join('\n');
}
