import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '@cull-log/api-description';
import { EVENT_POSITION_HEADER } from '@cull-log/contracts';
import { sampleRecordRequest } from '@cull-log/contracts/testing';
import { apiInProcess, type ApiInProcess } from './testing/api-in-process';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

/**
 * A real exchange with the API: the body sent, if any, which must be the generated client's request type, and the
 * answer, which must be its type for the status answered.
 */
interface Answer {
  name: string;
  path: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  status: number;
  sent?: unknown;
  body: unknown;
}

/** The TypeScript compiler's own entry point, run with this Node. */
function tscBin(): string {
  const manifest = require.resolve('typescript/package.json');
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: Record<string, string> };
  return join(dirname(manifest), bin.tsc as string);
}

/** A module of typed constants: each answer as a literal of the generated client's type for it. */
function typedAnswers(answers: readonly Answer[]): string {
  const lines = ["import type { paths } from './api';", ''];
  for (const { name, path, method, status, sent, body } of answers) {
    const operation = `paths['${path}']['${method}']`;
    if (sent !== undefined) {
      const request = `NonNullable<${operation}['requestBody']>['content']['application/json']`;
      lines.push(`export const ${name}Sent: ${request} = ${JSON.stringify(sent, null, 2)};`, '');
    }
    const answer = `${operation}['responses'][${status}]['content']['application/json']`;
    lines.push(`export const ${name}: ${answer} = ${JSON.stringify(body, null, 2)};`, '');
  }
  return lines.join('\n');
}

/** Runs `tsc --noEmit` on the generated client and the answers; resolves with what it reported. */
async function typeCheck(directory: string, answersSource: string): Promise<{ ok: boolean; output: string }> {
  writeFileSync(join(directory, 'answers.ts'), answersSource);
  try {
    await run(process.execPath, [tscBin(), '--noEmit', '-p', join(directory, 'tsconfig.json')]);
    return { ok: true, output: '' };
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${stdout}${stderr}` };
  }
}

describe('a client generated from the OpenAPI document by openapi-typescript', () => {
  let api: ApiInProcess;
  let directory: string;
  const answers: Answer[] = [];

  /** Asks the API through the gateway and keeps its answer, which must be the status the document names. */
  async function keep(
    name: string,
    path: string,
    method: Answer['method'],
    status: number,
    url: string,
    payload?: unknown,
  ) {
    const response = await api.call({
      method: method.toUpperCase() as 'GET',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
    // A header the document promises on this answer is there.
    const described = openApiDocument().paths?.[path]?.[method]?.responses?.[status] as
      { headers?: Record<string, unknown> } | undefined;
    for (const header of Object.keys(described?.headers ?? {})) {
      expect(response.headers[header], `${method} ${url}: ${header}`).toBeDefined();
    }
    const body = response.json();
    answers.push({ name, path, method, status, ...(payload === undefined ? {} : { sent: payload }), body });
    return { body, position: response.headers[EVENT_POSITION_HEADER] as string | undefined };
  }

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'cull-log-client-'));
    writeFileSync(join(directory, 'api.ts'), astToString(await openapiTS(openApiDocument() as never)));
    writeFileSync(
      join(directory, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'Bundler',
          skipLibCheck: true,
          exactOptionalPropertyTypes: true,
          noUncheckedIndexedAccess: true,
        },
        files: ['api.ts', 'answers.ts'],
      }),
    );

    api = await apiInProcess();
    await api.signIn();
    await keep('me', '/api/me', 'get', 200, '/api/me');
    await keep('sessions', '/api/sessions', 'get', 200, '/api/sessions');
    await keep('settings', '/api/settings', 'get', 200, '/api/settings');
    const { body: ground } = await keep('ground', '/api/grounds', 'post', 201, '/api/grounds', {
      name: 'Ashdown north block',
      notes: 'Gate code 1066',
      boundary: {
        type: 'Polygon',
        coordinates: [
          [
            [0.03, 51.06],
            [0.05, 51.06],
            [0.05, 51.08],
            [0.03, 51.06],
          ],
        ],
      },
    });
    await keep('grounds', '/api/grounds', 'get', 200, '/api/grounds');
    const { body: outing } = await keep('outing', '/api/outings', 'post', 201, '/api/outings', {
      ground_id: ground.id,
      started_at: '2025-02-14T05:30:00Z',
      ended_at: '2025-02-14T09:00:00Z',
    });
    await keep('outings', '/api/outings', 'get', 200, '/api/outings');
    const { body: cull } = await keep(
      'cull',
      '/api/culls',
      'post',
      201,
      '/api/culls',
      sampleRecordRequest({
        date: '2025-02-14',
        time: '06:30',
        weight: 14.5,
        ground_id: ground.id,
        outing_id: outing.id,
        calibre: { name: '.243 Win' },
        carcass_tag: 'AF-0042',
      }),
    );
    const { position } = await keep('amended', '/api/culls/{id}', 'patch', 200, `/api/culls/${cull.id}`, {
      notes: 'Clean kill; larder by 10:00',
      carcass_destination: 'Game dealer',
      game_dealer: 'Weald Game Ltd',
    });
    await keep('read', '/api/culls/{id}', 'get', 200, `/api/culls/${cull.id}`);
    await keep('list', '/api/culls', 'get', 200, '/api/culls?sort=date&order=desc');
    await keep('located', '/api/culls/locations', 'get', 200, '/api/culls/locations');
    await keep('points', '/api/culls/map-points', 'get', 200, '/api/culls/map-points');
    await keep('stats', '/api/stats', 'get', 200, `/api/stats?season=2024-25&after=${position}`);
    await keep(
      'larder',
      '/api/larder',
      'get',
      200,
      `/api/larder?season=${encodeURIComponent('2024/25')}&after=${position}`,
    );
    await keep(
      'plans',
      '/api/plans/{season}',
      'put',
      200,
      '/api/plans/{season}'.replace('{season}', '2024-25'),
      {
        plans: [{ ground_id: ground.id, targets: [{ species: 'Roe Deer', class: 'Female', target: 6 }] }],
      },
    );
    await keep('progress', '/api/plans/{season}/progress', 'get', 200, '/api/plans/2024-25/progress');
    const { body: team } = await keep('team', '/api/teams', 'post', 201, '/api/teams', {
      name: 'Weald Deer Group',
      kind: 'deer_management_group',
    });
    await keep('members', '/api/teams/{id}/members', 'get', 200, `/api/teams/${team.id}/members`);
    await keep('invite', '/api/teams/{id}/invites', 'post', 201, `/api/teams/${team.id}/invites`, {
      role: 'stalker',
    });
    await keep('invites', '/api/teams/{id}/invites', 'get', 200, `/api/teams/${team.id}/invites`);
    await keep('access', '/api/teams/{id}/access', 'get', 200, `/api/teams/${team.id}/access`);
    await keep('teams', '/api/teams', 'get', 200, '/api/teams');
    await keep('places', '/api/places', 'get', 200, '/api/places?q=Tunbridge');
    const { body: token } = await keep('token', '/api/tokens', 'post', 201, '/api/tokens', {
      name: 'Group spreadsheet',
      scope: 'read',
      expires_in_days: 90,
    });
    await keep('tokens', '/api/tokens', 'get', 200, '/api/tokens');
    const withToken = await api.gateway.inject({
      method: 'GET',
      url: '/api/culls',
      headers: { host: api.publicHost, authorization: `Bearer ${token.token}` },
    });
    expect(withToken.statusCode, withToken.body).toBe(200);
    answers.push({
      name: 'listWithToken',
      path: '/api/culls',
      method: 'get',
      status: 200,
      body: withToken.json(),
    });
    const boundary = 'cull-log-boundary';
    const csv =
      'Date,Time,Species,Sex,Location,Ground,Weight(kg),Tag,Calibre,Distance(m),Placement,Age class,Shooter,Destination,Notes\r\n' +
      '2025-01-10,07:15,Roe Deer,Doe,Ashdown,,13.2,AF-1,.243,90,Heart / Lung,Adult,Ada,Larder,\r\n';
    const multipart = [
      `--${boundary}\r\nContent-Disposition: form-data; name="defaults"\r\n\r\n{"condition":"Good"}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="first-light.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n`,
      `--${boundary}--\r\n`,
    ].join('');
    const previewAnswer = await api.call({
      method: 'POST',
      url: '/api/imports',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: multipart,
    });
    expect(previewAnswer.statusCode, previewAnswer.body).toBe(200);
    const preview = previewAnswer.json();
    answers.push({ name: 'preview', path: '/api/imports', method: 'post', status: 200, body: preview });
    await keep('commit', '/api/imports/{id}/commit', 'post', 200, `/api/imports/${preview.id}/commit`);
    await keep('importsList', '/api/imports', 'get', 200, '/api/imports');
    await keep('importOne', '/api/imports/{id}', 'get', 200, `/api/imports/${preview.id}`);
    await keep('undo', '/api/imports/{id}', 'delete', 200, `/api/imports/${preview.id}`);
    const refused = await api.call({ method: 'POST', url: '/api/culls', payload: { species: '' } });
    expect(refused.statusCode).toBe(400);
    answers.push({ name: 'refused', path: '/api/culls', method: 'post', status: 400, body: refused.json() });
  }, 120_000);
  afterAll(async () => {
    await api?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('type-checks against real answers of the API', async () => {
    const { ok, output } = await typeCheck(directory, typedAnswers(answers));
    expect(output).toBe('');
    expect(ok).toBe(true);
  });

  it('fails to type-check an answer that differs from the document', async () => {
    const cull = answers.find((answer) => answer.name === 'read');
    const broken = { ...cull!, body: { ...(cull!.body as object), weight: '14.5 kg' } };
    const { ok, output } = await typeCheck(directory, typedAnswers([broken]));
    expect(ok).toBe(false);
    expect(output).toMatch(/answers\.ts.*weight|Type 'string' is not assignable to type 'number/s);
  });
});
