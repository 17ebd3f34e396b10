import type * as CullRequestCheck from './cull-request-check';

/** The shared schemas' checks of a record form, with zod and every schema they bring. */
export type CullChecks = typeof CullRequestCheck;

let loading: Promise<CullChecks> | undefined;

/**
 * The record form's checks, loaded once, when the user first starts on a form or saves it. Building zod's schemas is the
 * longest piece of work a form screen would otherwise do as it opens, and a screen can be read without them. A failed
 * load (the connection dropped) is tried again at the next call.
 */
export function loadCullChecks(): Promise<CullChecks> {
  loading ??= import('./cull-request-check').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
