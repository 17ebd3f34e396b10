import type { Options } from 'tsup';

/**
 * How every service is bundled, given its entry points: workspace packages ship as TypeScript source, so they go
 * into the bundle; every npm package (their dependencies too, such as pino with its worker transports) is loaded
 * from node_modules at run time.
 */
export function serviceBundle(entry: Record<string, string>): Options {
  return {
    entry,
    format: ['esm'],
    target: 'node20',
    platform: 'node',
    outDir: 'dist',
    clean: true,
    sourcemap: true,
    noExternal: [/^@cull-log\//],
    external: [/^(?!@cull-log\/)[^./]/],
  };
}
