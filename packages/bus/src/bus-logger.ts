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

/** A handler's failure on a batch, which both buses deliver again: said the same way by either. */
export function logHandlerFailure(
  logger: BusLogger,
  failure: {
    durableName: string;
    first: { id: string; position: number } | undefined;
    events: number;
    deliveryCount: number | undefined;
    error: unknown;
  },
): void {
  const { durableName, first, events, deliveryCount, error } = failure;
  logger.warn(
    {
      durableName,
      eventId: first?.id,
      position: first?.position,
      events,
      deliveryCount,
      error: describeError(error),
    },
    'Event handler failed; the event will be delivered again',
  );
}
