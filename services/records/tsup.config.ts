import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { main: 'src/main.ts' },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // Workspace packages ship as TypeScript source, so they are bundled; every npm package stays external.
  skipNodeModulesBundle: true,
  noExternal: [/^@cull-log\//],
});
