/**
 * The app's Content Security Policy forbids eval, so the shared schemas must check answers without compiling code and
 * without probing whether they could (a refused probe is still reported as a policy violation). zod reads that choice
 * when a schema is built, from the settings object it keeps on the global scope for every copy of itself; setting it
 * here, first thing in the entry, reaches the schemas of chunks that load later without downloading zod up front.
 */
const settings = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
settings.__zod_globalConfig = { ...settings.__zod_globalConfig, jitless: true };
export {};
