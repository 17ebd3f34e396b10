import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

const SERVICES = ['gateway', 'records', 'stats', 'exports', 'standalone'].map((name) => `@cull-log/${name}`);
const SERVER_PACKAGES = ['eventstore', 'storage-kit', 'blobstore', 'bus', 'service-kit', 'projection'].map(
  (name) => `@cull-log/${name}`,
);
const withSubpaths = (names) => names.flatMap((name) => [name, `${name}/*`]);

/** What files under `files` may not import: `message` says why. One such rule reaches any file (a later one would replace it). */
const only = (files, forbidden, message, ignores = []) => ({
  files,
  ignores,
  rules: { 'no-restricted-imports': ['error', { patterns: [{ group: forbidden, message }] }] },
});

/**
 * The layers: contracts import nothing of ours; the domain only the contracts; no package imports a service or the
 * web client; the web client imports no service and nothing that runs only on a server.
 */
function layering() {
  return [
    only(
      ['packages/contracts/**'],
      ['@cull-log/*'],
      'The contracts are the bottom layer: they import nothing of the project.',
    ),
    only(
      ['packages/domain/**'],
      ['@cull-log/*', '!@cull-log/contracts', '!@cull-log/contracts/*'],
      'The domain is pure rules: it imports the contracts and nothing else of the project.',
    ),
    only(
      ['packages/**'],
      [...withSubpaths(SERVICES), ...withSubpaths(['@cull-log/web'])],
      'A package serves the services and the web client; it never imports them.',
      ['packages/contracts/**', 'packages/domain/**'],
    ),
    only(
      ['web/src/**'],
      [...withSubpaths(SERVICES), ...withSubpaths(SERVER_PACKAGES)],
      'The web client imports the contracts and the domain; services and server packages never reach the browser.',
    ),
  ];
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.turbo/**',
      '**/coverage/**',
      'packages/contracts/schemas/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  // Which way the arrows point: the next import that points the wrong way fails `npm run lint`.
  ...layering(),
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/testing/**', '**/scripts/**', '**/bench/**', '**/e2e/**'],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
