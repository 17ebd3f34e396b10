import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ChildProcessHandle {
  name: string;
  child: ChildProcess;
  /** Settles once the process has exited, however it ended. */
  exited: Promise<ProcessExit>;
  /** Sends `signal` (SIGTERM by default), then SIGKILL if the process is still there after `timeoutMs`. */
  stop(options?: { signal?: NodeJS.Signals; timeoutMs?: number }): Promise<ProcessExit>;
}

export interface SpawnOptions {
  name: string;
  command: string;
  args: string[];
  env: Record<string, string | undefined>;
  cwd?: string;
  /** Every line the process writes, on stdout or stderr. */
  onLine: (line: string) => void;
  /**
   * In its own process group the child does not receive the terminal's Ctrl-C, so the parent alone decides
   * when and how each process stops.
   */
  detached?: boolean;
}

export function spawnChildProcess({
  name,
  command,
  args,
  env,
  cwd,
  onLine,
  detached,
}: SpawnOptions): ChildProcessHandle {
  const child = spawn(command, args, { env, cwd, detached, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<ProcessExit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    // A command that cannot be started never exits; report it as a failure instead of waiting for ever.
    child.once('error', (error) => {
      onLine(`could not start ${command}: ${error.message}`);
      resolve({ code: 127, signal: null });
    });
  });
  for (const stream of [child.stdout, child.stderr]) {
    if (stream !== null) createInterface({ input: stream, crlfDelay: Infinity }).on('line', onLine);
  }
  let exit: ProcessExit | undefined;
  void exited.then((result) => {
    exit = result;
  });

  return {
    name,
    child,
    exited,
    async stop({ signal = 'SIGTERM', timeoutMs = 15_000 } = {}) {
      if (exit !== undefined) return exit;
      child.kill(signal);
      const forced = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      const result = await exited;
      clearTimeout(forced);
      return result;
    },
  };
}
