import { describe, expect, it } from 'vitest';
import { ApiError } from '@cull-log/contracts';
import { openApiDocument } from './index';
import { describeProblem, lintWithRedocly as lint } from './testing/redocly-lint';

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
