import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { spawnChildProcess, type ChildProcessHandle } from '../service-process';
import { testEnvironment } from './environment';
import { ProcessOutput } from './process-output';

/** The one-process app as `npm start` runs it, once built. */
export const BUILT_APP = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const START_TIMEOUT_MS = 60_000;

export interface RunningApp {
  process: ChildProcessHandle;
  output: ProcessOutput;
  url: string;
}

/** Throws, saying how to build it, when the built app is missing. */
export function requireBuiltApp(): void {
  if (!existsSync(BUILT_APP)) {
    throw new Error(
      `${BUILT_APP} is missing: build first (npx turbo run build --filter=@cull-log/standalone...)`,
    );
  }
}

/**
 * Starts the built app with the test environment and `settings`, its output collected into a new ProcessOutput added
 * to `outputs` (for a failed test to print); resolves once it says where it is running.
 */
export async function startBuiltApp(
  settings: Record<string, string>,
  outputs: ProcessOutput[],
): Promise<RunningApp> {
  const output = new ProcessOutput(`cull-log #${outputs.length + 1}`);
  outputs.push(output);
  const child = spawnChildProcess({
    name: 'cull-log',
    command: process.execPath,
    args: [BUILT_APP],
    env: testEnvironment(settings),
    onLine: output.collect,
  });
  let exited = false;
  void child.exited.then(() => {
    exited = true;
  });
  const [, url = ''] = await output.waitForLine(/Cull Log is running at (\S+)/, {
    timeoutMs: START_TIMEOUT_MS,
    giveUp: () => exited,
  });
  return { process: child, output, url };
}
