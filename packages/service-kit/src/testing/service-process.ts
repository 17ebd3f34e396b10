import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/** One JSON log line of a service process (pino's `msg`, plus whatever else it logged). */
export interface ServiceLogLine {
  msg: string;
  url?: string;
  signal?: string;
  [key: string]: unknown;
}

export interface ServiceProcess {
  child: ChildProcess;
  /** Every log line so far, in order. */
  lines: ServiceLogLine[];
  /** What the process wrote to stderr so far. */
  stderr(): string;
  /** The exit status, once the process has ended and all its output has been read. */
  exitCode: Promise<number | null>;
  /** The first log line whose message starts with `msg`, already written or still to come. */
  waitFor(msg: string): Promise<ServiceLogLine>;
  /** SIGKILLs the process if it is still running. */
  kill(): void;
}

/** Runs a TypeScript entry point (through tsx) as a child process and follows its JSON log lines. */
export function startServiceProcess(file: string, env: Record<string, string> = {}): ServiceProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', file], {
    env: { ...process.env, NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    process.stderr.write(chunk);
  });
  const lines: ServiceLogLine[] = [];
  const waiters: { msg: string; resolve: (line: ServiceLogLine) => void }[] = [];
  createInterface({ input: child.stdout! }).on('line', (text) => {
    const line = JSON.parse(text) as ServiceLogLine;
    lines.push(line);
    for (const waiter of waiters.filter(({ msg }) => line.msg.startsWith(msg))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(line);
    }
  });
  // 'close' rather than 'exit', so every line the process wrote has been read.
  const exitCode = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return {
    child,
    lines,
    stderr: () => stderr,
    exitCode,
    waitFor: (msg) =>
      new Promise((resolve) => {
        const seen = lines.find((line) => line.msg.startsWith(msg));
        if (seen) resolve(seen);
        else waiters.push({ msg, resolve });
      }),
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
