/**
 * The benchmark's mixed-load section: many users, each request one of four kinds, each kind's rate and
 * latencies and the whole load's, beside the bare Fastify baseline measured in the same run.
 */
import type { LoadResult } from './load';
import { MIXED_KINDS, type KindFigures, type MixedKind, type MixedLoadResult } from './mixed-requests';

/** Everything measured for the mixed load. */
export interface MixedFigures {
  users: number;
  recordsPerUser: number;
  seedSeconds: number;
  shares: Record<MixedKind, number>;
  load: MixedLoadResult;
  /** A bare Fastify answering one user's list page 1 from memory, under the same number of connections. */
  bareFastify: LoadResult;
  /** The machine's one-minute load average before and after the mixed load's run. */
  loadAverage: { before: string; after: string };
}

const KIND_NAMES: Record<MixedKind, string> = {
  list: 'list page 1',
  search: 'search (a word of their own)',
  stats: 'GET /api/stats',
  create: 'create',
};

function formatted(value: number | undefined, decimals = 0): string {
  if (value === undefined || !Number.isFinite(value)) return '–';
  return value.toLocaleString('en-GB', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** Answers other than 2xx plus connection errors. */
function bareErrors(result: LoadResult): number {
  const answered = Object.values(result.statusCounts).reduce((sum, count) => sum + count, 0);
  return answered - result.ok + result.errors;
}

function line(name: string, share: string, figures: KindFigures, errors: number): string[] {
  return [
    name,
    share,
    formatted(figures.okPerSecond),
    formatted(figures.p50Ms, 1),
    formatted(figures.p99Ms, 1),
    formatted(errors),
  ];
}

/** The section as aligned plain text: one row per kind, the whole load and the baseline. */
export function renderMixedTable(figures: MixedFigures): string {
  const { load, bareFastify } = figures;
  const header = ['request', 'share (asked / got)', 'req/s', 'p50 (ms)', 'p99 (ms)', 'errors'];
  const answered = Math.max(1, load.overall.answered);
  const cells = [
    ...MIXED_KINDS.map((kind) => {
      const kindFigures = load.kinds[kind];
      return line(
        KIND_NAMES[kind],
        `${figures.shares[kind]} % / ${formatted((100 * kindFigures.answered) / answered)} %`,
        kindFigures,
        kindFigures.answered - kindFigures.ok,
      );
    }),
    line('all', '100 %', load.overall, load.errors),
    [
      'bare Fastify, same list page',
      '',
      formatted(bareFastify.okPerSecond),
      formatted(bareFastify.medianMs, 1),
      formatted(bareFastify.p99Ms, 1),
      formatted(bareErrors(bareFastify)),
    ],
  ];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((cells) => cells[column]!.length)),
  );
  const row = (values: string[]) =>
    values
      .map((value, column) =>
        column === 0 ? value.padEnd(widths[column]!) : value.padStart(widths[column]!),
      )
      .join('  ');
  const all = load.overall.okPerSecond / bareFastify.okPerSecond;
  return [
    row(header),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...cells.map(row),
    '',
    `all ÷ bare Fastify: ${formatted(all, 2)}; errors: ${formatted(load.errors)} (` +
      `${formatted(load.connectionErrors)} connection errors, ${formatted(load.timeouts)} timeouts, ` +
      `the rest answers other than 2xx) — ${load.errors === 0 ? 'pass' : 'FAIL'}, the target is 0`,
  ].join('\n');
}
