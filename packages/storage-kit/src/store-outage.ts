/** The store cannot be reached. Its status code makes every service answer 503 in the contract's shape. */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
  readonly statusCode = 503;
  constructor(cause: unknown) {
    super('Event store unavailable', { cause });
  }
}

/** Tells a store outage (the database cannot answer now) from a bug, for one kind of database. */
export type OutageTest = (error: unknown) => boolean;

/**
 * The same store, with every method's outage thrown as StoreUnavailableError (which answers 503 on any route).
 * Each store on a connection is wrapped with its adapter's one test, so no store decides this for itself.
 */
export function reportingOutages<Store extends object>(store: Store, isOutage: OutageTest): Store {
  const translate = (error: unknown): unknown =>
    error instanceof StoreUnavailableError || !isOutage(error) ? error : new StoreUnavailableError(error);
  return new Proxy(store, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return function translated(this: unknown, ...args: unknown[]) {
        let result: unknown;
        try {
          result = Reflect.apply(value as (...a: unknown[]) => unknown, target, args);
        } catch (error) {
          throw translate(error);
        }
        return result instanceof Promise
          ? result.catch((error: unknown) => Promise.reject(translate(error)))
          : result;
      };
    },
  });
}
