import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

/**
 * Counts of requests per key within a fixed window, kept where every replica of the gateway sees them: three replicas
 * behind one address then share one budget per client, rather than each granting it again. The embedded app keeps
 * them in its own file, a deployment in MongoDB, beside the sessions.
 */
export interface BudgetCounter {
  /**
   * Counts one more request under `key` and answers how many its window now holds and when the window ends; a window
   * that has ended starts again at one.
   */
  take(key: string, windowMs: number, now: number): Promise<{ count: number; endsAt: number }>;
  /**
   * Holds one of `max` slots under `key` for `holder` until `until`, or answers false when all are held: a slot not
   * given back by its time (its replica stopped) is free again.
   */
  hold(key: string, holder: string, max: number, now: number, until: number): Promise<boolean>;
  /** Gives the slot back; giving back one not held is no error. */
  release(key: string, holder: string): Promise<void>;
  /** Forgets windows that ended, and slots whose time ran out, before `now`. */
  purgeEnded(now: number): Promise<number>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

type Done = (error: Error | null, state?: { current: number; ttl: number }) => void;

/**
 * A store for `@fastify/rate-limit` over a shared counter: each route's budgets under a prefix of their own (its method
 * and path), as the library's own stores keep them apart. When the counter cannot answer, the request is let through
 * rather than refused: the budgets are a brake on abuse, and the stores behind them report their own outages.
 */
export function sharedRateLimitStore(
  counter: BudgetCounter,
  now: () => number = Date.now,
): FastifyRateLimitStoreCtor {
  return class SharedRateLimitStore implements FastifyRateLimitStore {
    readonly prefix: string;

    constructor(_options?: unknown, prefix = 'all:') {
      this.prefix = prefix;
    }

    incr(key: string, done: Done, timeWindow: number): void {
      const at = now();
      counter.take(`${this.prefix}${key}`, timeWindow, at).then(
        ({ count, endsAt }) => done(null, { current: count, ttl: Math.max(0, endsAt - at) }),
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
    }

    // A limit made with `app.rateLimit` has no route (its keys name what they count: `sign-in:<address>`); a route's
    // own limit counts under its method and path.
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new SharedRateLimitStore(
        undefined,
        `${String(route?.method ?? '')}${String(route?.url ?? '')}:`,
      );
    }
  };
}
