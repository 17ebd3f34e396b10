/** The logging a projection needs; a pino or Fastify logger fits it. */
export interface ProjectionLogger {
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}
