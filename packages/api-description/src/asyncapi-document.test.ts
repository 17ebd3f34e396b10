import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { describeProblem, lintWithRedocly } from './testing/redocly-lint';

const require = createRequire(import.meta.url);

/** The event stream's AsyncAPI document, as the contracts publish it beside the JSON Schemas. */
const asyncApi = () =>
  JSON.parse(readFileSync(require.resolve('@cull-log/contracts/schemas/asyncapi.json'), 'utf8')) as {
    channels: Record<string, { messages: Record<string, { $ref: string }> }>;
  };

describe('the AsyncAPI document of the event stream', () => {
  it('passes @redocly/cli lint with no error and no warning', async () => {
    const problems = await lintWithRedocly(asyncApi());
    expect(problems.map(describeProblem)).toEqual([]);
  });

  it('is caught by the linter when a message it names is missing', async () => {
    const broken = asyncApi();
    broken.channels.recorded!.messages.cull_recorded_v2 = { $ref: '#/components/messages/nothing_here' };
    const problems = await lintWithRedocly(broken);
    expect(problems.map((problem) => problem.ruleId)).toContain('no-unresolved-refs');
  });
});
