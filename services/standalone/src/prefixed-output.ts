import pinoPretty from 'pino-pretty';

export interface PrefixedPrinterOptions {
  /** Shown before every line, padded to `width`. */
  name: string;
  width: number;
  /** Render JSON log lines as pino-pretty does on a terminal. */
  pretty: boolean;
  write?: (text: string) => void;
}

/**
 * One printer per child process. Children write to a pipe, so their loggers choose JSON; on a terminal the
 * launcher renders those lines readably again. Anything that is not a JSON log line passes through as it is.
 */
export function prefixedPrinter({
  name,
  width,
  pretty,
  write = (text) => process.stdout.write(text),
}: PrefixedPrinterOptions): (line: string) => void {
  const prefix = `${name.padEnd(width)} | `;
  const prettify = pretty
    ? pinoPretty.prettyFactory({
        colorize: true,
        translateTime: 'SYS:HH:MM:ss.l',
        ignore: 'pid,hostname,name',
      })
    : undefined;
  return (line) => {
    const rendered = prettify !== undefined && line.startsWith('{') ? renderLogLine(prettify, line) : line;
    const lines = rendered.replace(/\n$/, '').split('\n');
    write(lines.map((text) => `${prefix}${text}\n`).join(''));
  };
}

function renderLogLine(prettify: (input: object) => string, line: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return line;
  }
  return typeof parsed === 'object' && parsed !== null ? prettify(parsed) : line;
}
