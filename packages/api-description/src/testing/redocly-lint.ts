import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const CONFIG = fileURLToPath(new URL('../../redocly.yaml', import.meta.url));

/** The linter's own entry point, run with this Node rather than whatever `node` the shell would find. */
function redoclyBin(): string {
  const manifest = require.resolve('@redocly/cli/package.json');
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: Record<string, string> };
  return join(dirname(manifest), bin.redocly as string);
}

export interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

/**
 * Lints a document (OpenAPI or AsyncAPI) with @redocly/cli and the package's redocly.yaml, from a file of its own in
 * a folder that is removed after; answers every problem reported.
 */
export async function lintWithRedocly(document: unknown): Promise<LintProblem[]> {
  const folder = mkdtempSync(join(tmpdir(), 'cull-log-api-lint-'));
  try {
    const file = join(folder, 'document.json');
    writeFileSync(file, JSON.stringify(document, null, 2));
    const { stdout } = await run(
      process.execPath,
      [redoclyBin(), 'lint', file, '--config', CONFIG, '--format', 'json', '--max-problems', '1000'],
      { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    return (JSON.parse(stdout) as { problems: LintProblem[] }).problems;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export const describeProblem = (problem: LintProblem) =>
  `${problem.severity} ${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`;
