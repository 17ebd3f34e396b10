/** The logging the bus needs; a pino logger fits it. */
export interface BusLogger {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

/** Used when the caller passes no logger: problems still reach stderr, routine news is dropped. */
export const consoleBusLogger: BusLogger = {
  info: () => undefined,
  warn: (details, message) => console.warn(message, details),
  error: (details, message) => console.error(message, details),
};

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
