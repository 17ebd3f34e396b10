/**
 * What the mixed load is made of: its four kinds of request, the options mixed-load.ts is given and the
 * figures it answers. Kept apart from mixed-load.ts, which runs as soon as it is imported.
 */
export const MIXED_KINDS = ['list', 'search', 'stats', 'create'] as const;
export type MixedKind = (typeof MIXED_KINDS)[number];

export interface MixedUser {
  /** Cookie and same-origin headers of the user's session. */
  headers: Record<string, string>;
  /** A word present in the user's own records, searched for with `q=`. */
  searchWord: string;
}

export interface MixedLoadOptions {
  /** The app's origin. */
  url: string;
  connections: number;
  seconds: number;
  /** Requests made before the measured run, to warm the JIT and the database caches; not counted. */
  warmUpSeconds: number;
  users: MixedUser[];
  /** Each kind's share of the requests, in per cent. */
  shares: Record<MixedKind, number>;
  /** Fields of new records: a create POSTs one of them, chosen at random, with a fresh client-made `id`. */
  createBodies: Record<string, unknown>[];
}

export interface KindFigures {
  /** Answers, whatever their status. */
  answered: number;
  ok: number;
  okPerSecond: number;
  /** Latencies of 2xx answers, in milliseconds; undefined when there were none. */
  p50Ms: number | undefined;
  p99Ms: number | undefined;
  statusCounts: Record<string, number>;
}

export interface MixedLoadResult {
  seconds: number;
  connections: number;
  users: number;
  overall: KindFigures;
  kinds: Record<MixedKind, KindFigures>;
  /** Connection errors and timeouts (autocannon counts a timeout as an error too). */
  connectionErrors: number;
  timeouts: number;
  /** Answers other than 2xx plus connection errors: each one a failure of the run. */
  errors: number;
}

export const LIST_PATH = '/api/culls?page=1&page_size=10';
