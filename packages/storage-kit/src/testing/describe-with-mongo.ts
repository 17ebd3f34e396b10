import { afterAll, describe, it } from 'vitest';
import { mongoTestTarget } from './mongo-test-target';

/**
 * Declares the suites of `body` against a MongoDB from mongoTestTarget, stopped after the file; without one,
 * declares a skipped suite instead, so the report says what did not run.
 */
export async function describeWithMongo(suite: string, body: (url: string) => void): Promise<void> {
  const target = await mongoTestTarget(suite);
  if (target === undefined) {
    describe.skip(`${suite} (no MongoDB reachable)`, () => {
      it(`runs the ${suite}`, () => {});
    });
    return;
  }
  // Stopping a container can take longer than vitest's default hook timeout.
  afterAll(() => target.stop(), 60_000);
  body(target.url);
}
