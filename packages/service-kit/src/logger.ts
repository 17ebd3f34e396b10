import { createRequire } from 'node:module';
import { pino, type Logger } from 'pino';
import type { LogLevel } from './config';
import { IDENTITY_HEADER } from './identity';

export interface LoggerOptions {
  name: string;
  level?: LogLevel | string;
  /** Human-readable output; by default only on a terminal outside production. */
  pretty?: boolean;
  /** Where lines go (tests capture them); stdout by default. */
  destination?: pino.DestinationStream;
}

/** Header and cookie paths that carry credentials, in every place a request or response may be logged. */
const SECRET_HEADERS = ['cookie', 'authorization', IDENTITY_HEADER, 'set-cookie'];
export const REDACTED_PATHS = ['req.headers', 'res.headers', 'headers', 'request.headers'].flatMap((prefix) =>
  SECRET_HEADERS.map((header) => `${prefix}["${header}"]`),
);

export function createLogger({ name, level = 'info', pretty, destination }: LoggerOptions): Logger {
  const options: pino.LoggerOptions = {
    name,
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
  if (destination) return pino(options, destination);
  const wantsPretty = pretty ?? (process.stdout.isTTY === true && process.env.NODE_ENV !== 'production');
  if (wantsPretty && prettyPrinterInstalled()) {
    return pino({
      ...options,
      transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l' } },
    });
  }
  // Synchronous writes: a line logged just before process.exit is neither lost nor overtaken by a later one.
  return pino(options, pino.destination({ dest: 1, sync: true }));
}

/** pino-pretty is a development aid; an install without it still logs JSON instead of failing to start. */
function prettyPrinterInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}
