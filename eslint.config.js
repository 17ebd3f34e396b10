import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

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

const WEB = 'web/src';
/** Paths in the import rules are from here, wherever `eslint` is run from. */
const ROOT = fileURLToPath(new URL('.', import.meta.url));
const FEATURES = readdirSync(new URL(`./${WEB}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The web client's folders, bottom up: `lib` (plain helpers), `api` (the server, the session and the outbox), `ui`
 * (one wrapper per primitive, and the screen kit), the `features`, and `app` (the shell that puts them together). A
 * folder imports only those below it; a feature imports another only through its `index.ts` (its components) or its
 * `api.ts` (its reads and writes), and no import goes round in a loop.
 */
function webShape() {
  const below = (target, from, message) => ({
    target: `${WEB}/${target}`,
    from: from.map((f) => `${WEB}/${f}`),
    message,
  });
  const apart = FEATURES.flatMap((feature) =>
    FEATURES.filter((other) => other !== feature).map((other) => ({
      target: `${WEB}/features/${feature}`,
      from: `${WEB}/features/${other}`,
      except: ['./index.ts', './api.ts'],
      message: `A feature uses another only through its index.ts or api.ts: ${other}'s other files are its own.`,
    })),
  );
  return {
    files: [`${WEB}/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX },
    settings: {
      // The files an import reaches are read as TypeScript, so that a loop through them is seen.
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${ROOT}web/tsconfig.json` })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-duplicates': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: ROOT,
          zones: [
            below(
              'lib',
              ['api', 'ui', 'features', 'app'],
              'lib/ holds plain helpers: it imports nothing above it.',
            ),
            below(
              'api',
              ['ui', 'features', 'app'],
              'api/ talks to the server: it imports no screen, primitive or shell.',
            ),
            below(
              'ui',
              ['features', 'app'],
              'ui/ holds the primitives every feature uses: it imports no feature and not the shell.',
            ),
            below(
              'features',
              ['app'],
              'A feature is put together by the shell (app/); it does not import it.',
            ),
            {
              target: [`${WEB}/features`, `${WEB}/app`],
              from: 'node_modules/react-aria-components',
              message:
                'Screens use the app-owned wrappers in ui/, one per primitive, not react-aria-components itself.',
            },
            ...apart,
          ],
        },
      ],
    },
  };
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
  webShape(),
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/testing/**', '**/scripts/**', '**/bench/**', '**/e2e/**'],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
