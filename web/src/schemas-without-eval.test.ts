import { describe, expect, it } from 'vitest';

describe('schemas without eval', () => {
  it('builds the shared schemas to check answers without compiling code', async () => {
    await import('./schemas-without-eval');
    const { config } = await import('zod');
    const { RecordCullRequest } = await import('@cull-log/contracts');

    expect(config().jitless).toBe(true);
    const compiled = globalThis.Function;
    let compilations = 0;
    globalThis.Function = new Proxy(compiled, {
      construct(target, args) {
        compilations += 1;
        return Reflect.construct(target, args) as object;
      },
    });
    try {
      expect(RecordCullRequest.safeParse({}).success).toBe(false);
    } finally {
      globalThis.Function = compiled;
    }
    expect(compilations).toBe(0);
  });
});
