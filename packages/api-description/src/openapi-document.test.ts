import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiError } from '@cull-log/contracts';
import { openApiDocument } from './index';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const CONFIG = fileURLToPath(new URL('../redocly.yaml', import.meta.url));

/** The linter's own entry point, run with this Node rather than whatever `node` the shell would find. */
function redoclyBin(): string {
  const manifest = require.resolve('@redocly/cli/package.json');
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: Record<string, string> };
  return join(dirname(manifest), bin.redocly as string);
}

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

const scratch = mkdtempSync(join(tmpdir(), 'cull-log-openapi-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Lints a document with @redocly/cli and the package's redocly.yaml, answering every problem it reports. */
async function lint(document: unknown): Promise<LintProblem[]> {
  const file = join(scratch, `openapi-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(document, null, 2));
  const { stdout } = await run(
    process.execPath,
    [redoclyBin(), 'lint', file, '--config', CONFIG, '--format', 'json', '--max-problems', '1000'],
    { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
  ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  return (JSON.parse(stdout) as { problems: LintProblem[] }).problems;
}

const describeProblem = (problem: LintProblem) =>
  `${problem.severity} ${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`;

describe('the OpenAPI document', () => {
  it('passes @redocly/cli lint with no error and no warning', async () => {
    const problems = await lint(openApiDocument());
    expect(problems.map(describeProblem)).toEqual([]);
  });

  it('is caught by the linter when it is wrong', async () => {
    const broken = structuredClone(openApiDocument());
    delete broken.paths?.['/api/culls']?.get?.operationId;
    const problems = await lint(broken);
    expect(problems.map((problem) => problem.ruleId)).toContain('operation-operationId');
  });

  it('is OpenAPI 3.1, its schemas made from the contracts', () => {
    const document = openApiDocument();
    expect(document.openapi).toBe('3.1.0');
    const apiError = document.components?.schemas?.ApiError as {
      properties?: { error?: { properties?: object } };
    };
    expect(Object.keys(apiError.properties?.error?.properties ?? {})).toEqual(
      Object.keys(ApiError.shape.error.shape),
    );
  });

  it('answers every refusal with ApiError, and names its security on every operation', () => {
    const document = openApiDocument();
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const [method, operation] of Object.entries(item ?? {})) {
        const { responses = {}, security } = operation as {
          responses?: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
          security?: unknown[];
        };
        expect(security, `${method} ${path}`).toBeDefined();
        for (const [status, response] of Object.entries(responses)) {
          if (!status.startsWith('4') && !status.startsWith('5')) continue;
          expect(response.content?.['application/json']?.schema?.$ref, `${method} ${path} ${status}`).toBe(
            '#/components/schemas/ApiError',
          );
        }
      }
    }
  });

  it('lets a token reach neither the sessions nor the account', () => {
    const paths = openApiDocument().paths ?? {};
    const sessionOnly = [
      paths['/api/sessions']?.get,
      paths['/api/sessions']?.delete,
      paths['/api/sessions/{id}']?.delete,
      paths['/api/account/export']?.get,
      paths['/api/account']?.delete,
    ];
    for (const operation of sessionOnly) expect(operation?.security).toEqual([{ sessionCookie: [] }]);
    expect(paths['/api/culls']?.get?.security).toEqual([{ sessionCookie: [] }, { bearerAuth: ['read'] }]);
    expect(paths['/api/culls']?.post?.security).toEqual([{ sessionCookie: [] }, { bearerAuth: ['write'] }]);
  });
});
