import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { describe, expect, it } from 'vitest';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));

/**
 * The most JavaScript, gzipped, that a first visit may download before the first screen's own code: a little above
 * what it is (104.8 KB, in three files), so that what grows it is a choice made on purpose, and within the 120 KB asked of it.
 */
const FIRST_DOWNLOAD_BUDGET_KB = 110;

/** A chunk and every chunk it imports statically: what the browser fetches before running it. */
function staticGraph(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(`${DIST}${file}`, 'utf8');
    // Static imports and re-exports only (`import{…}from"./x.js"`, `import"./x.js"`, `export{…}from"./x.js"`);
    // `import("./x.js")` loads later.
    for (const [, imported] of code.matchAll(
      /\b(?:import|export)\s*(?:[\w$*{}\s,]+from\s*)?["']\.\/([^"']+\.js)["']/g,
    )) {
      visit(`assets/${imported}`);
    }
  };
  visit(entry);
  return [...seen];
}

/** The scripts the built index.html loads. */
function firstScripts(): string[] {
  const html = readFileSync(`${DIST}index.html`, 'utf8');
  const entries = Array.from(
    html.matchAll(/<script type="module"[^>]*src="\/(assets\/[^"]+\.js)"/g),
    ([, src]) => src!,
  );
  expect(entries.length, 'the built index.html names its scripts').toBeGreaterThan(0);
  return entries;
}

describe('the first download', () => {
  it(`is at most ${FIRST_DOWNLOAD_BUDGET_KB} KB of JavaScript, gzipped`, () => {
    const entries = firstScripts();
    const files = [...new Set(entries.flatMap(staticGraph))];
    const kilobytes =
      files.reduce((total, file) => total + gzipSync(readFileSync(`${DIST}${file}`)).length, 0) / 1024;
    console.log(`First download: ${files.length} scripts, ${kilobytes.toFixed(1)} KB gzipped`);
    // React and the router are in it: the graph was followed, not stopped at a small first file.
    expect(kilobytes).toBeGreaterThan(50);
    expect(kilobytes).toBeLessThanOrEqual(FIRST_DOWNLOAD_BUDGET_KB);
  });

  it('is compiled whole as it downloads, its source maps moved down a line with the comment that asks it', () => {
    const entries = firstScripts();
    for (const entry of entries) {
      expect(readFileSync(`${DIST}${entry}`, 'utf8').split('\n')[0], entry).toBe(
        '//# allFunctionsCalledOnLoad',
      );
    }
    // A line the app's own code throws from still maps to where main.tsx throws it.
    const thrown = 'The page has no #root element';
    const mainLine = readFileSync(fileURLToPath(new URL('../src/main.tsx', import.meta.url)), 'utf8')
      .split('\n')
      .findIndex((line) => line.includes(thrown));
    const shell = entries.find((entry) => readFileSync(`${DIST}${entry}`, 'utf8').includes(thrown));
    expect(shell, 'a first script holds main.tsx').toBeDefined();
    const lines = readFileSync(`${DIST}${shell!}`, 'utf8').split('\n');
    const line = lines.findIndex((text) => text.includes(thrown));
    const position = originalPositionFor(new TraceMap(readFileSync(`${DIST}${shell!}.map`, 'utf8')), {
      line: line + 1,
      column: lines[line]!.indexOf(thrown),
    });
    expect(position.source).toMatch(/\/src\/main\.tsx$/);
    expect(position.line).toBe(mainLine + 1);
  });
});

/** The source files a chunk was built from, as its source map names them (a chunk that only re-exports has none). */
function sourcesOf(file: string): string[] {
  if (!existsSync(`${DIST}${file}.map`)) return [];
  const map = JSON.parse(readFileSync(`${DIST}${file}.map`, 'utf8')) as { sources: string[] };
  return map.sources;
}

/** The chunk of the build whose name starts with `name`, with its static imports. */
function chunkGraph(name: string): string[] {
  const entry = readdirSync(`${DIST}assets`).find((file) =>
    new RegExp(`^${name}-[\\w-]{8}\\.js$`).test(file),
  );
  expect(entry, `the build has a chunk ${name}`).toBeDefined();
  return staticGraph(`assets/${entry!}`);
}

const SCHEMAS =
  /packages\/contracts\/src\/(cull|grounds|larder|api|sessions|account|teams|imports|tokens|places|photos|events)\.ts$/;

describe('the session check', () => {
  // Every page asks who is signed in, public pages too: building zod and the shared schemas for that answer held the
  // page in one long task, and building zod alone for it was a long task still.
  it('is in the first download, with neither zod nor any schema', () => {
    const sources = chunkGraph('shell').flatMap(sourcesOf);
    expect(sources.some((source) => source.endsWith('packages/contracts/src/session-check.ts'))).toBe(true);
    expect(sources.some((source) => source.endsWith('/src/api/session.ts'))).toBe(true);
    expect(sources.filter((source) => source.includes('/node_modules/zod/') || SCHEMAS.test(source))).toEqual(
      [],
    );
  });
});

describe('the screens that only show what they read', () => {
  // The server's answers are checked in a worker; building zod and every schema on the page was the longest task of a
  // signed-in screen's first load.
  it.each(['DashboardPage', 'DataPage', 'ViewCullPage', 'MapPage', 'TeamsPage', 'TeamPage', 'TeamSections'])(
    '%s loads neither zod nor any schema',
    (screen) => {
      const sources = chunkGraph(screen).flatMap(sourcesOf);
      expect(sources.some((source) => source.endsWith(`/${screen}.tsx`))).toBe(true);
      expect(
        sources.filter((source) => source.includes('/node_modules/zod/') || SCHEMAS.test(source)),
      ).toEqual([]);
    },
  );

  it('leaves the checking to the answers worker, which holds zod and the schemas', () => {
    const sources = chunkGraph('answer-worker').flatMap(sourcesOf);
    expect(sources.some((source) => source.includes('/node_modules/zod/'))).toBe(true);
    expect(sources.some((source) => source.endsWith('packages/contracts/src/api.ts'))).toBe(true);
  });
});

describe('the records list', () => {
  // A phone shows the records as cards; React Aria's table, which wider screens show, was more than half the list's
  // code and was downloaded and run on the phone all the same.
  it('opens without the table, which comes apart for wider screens', () => {
    const TABLE = /\/react-aria-components\/dist\/.*\/Table\.mjs$/;
    const list = chunkGraph('DataPage').flatMap(sourcesOf);
    expect(list.some((source) => source.endsWith('/src/features/records/CullCards.tsx'))).toBe(true);
    expect(
      list.filter((source) => TABLE.test(source) || source.endsWith('/src/features/records/CullTable.tsx')),
    ).toEqual([]);
    expect(
      chunkGraph('CullTable')
        .flatMap(sourcesOf)
        .some((source) => TABLE.test(source)),
    ).toBe(true);
  });
});

describe('the sign-in page', () => {
  // It shows a message of the contracts, which once brought every schema with it.
  it('loads its words without zod or any schema', () => {
    const sources = chunkGraph('LoginPage').flatMap(sourcesOf);
    expect(sources.some((source) => source.endsWith('packages/contracts/src/messages.ts'))).toBe(true);
    expect(sources.filter((source) => source.includes('/node_modules/zod/') || SCHEMAS.test(source))).toEqual(
      [],
    );
  });
});

describe('React Aria', () => {
  // Its components' own words (a table's "Select All", a dialog's "Dismiss") come in some forty languages, which made a
  // fifth of the records list's code; the app speaks English alone.
  it('brings its words in English alone', () => {
    const words = readdirSync(`${DIST}assets`)
      .filter((file) => file.endsWith('.js'))
      .flatMap((file) => sourcesOf(`assets/${file}`))
      .filter((source) => /\/react-aria\/dist\/.*\/intl\//.test(source));
    expect(words.some((source) => source.endsWith('/en-US.mjs'))).toBe(true);
    expect(words.filter((source) => !source.endsWith('/en-US.mjs'))).toEqual([]);
  });
});

describe("the browser's list of locales", () => {
  // React Aria asks for it as its code is imported (useDefaultLocale), and the first ask in a page builds it: 45-90 ms
  // on the page's thread. Code that asks as it loads has the list built in a worker while it downloads
  // (withLocaleList, src/lib/locale-list.ts); code that comes to ask needs the same.
  const ASKS = /\/react-aria\/dist\/private\/i18n\/useDefaultLocale\.mjs$/;

  it('is asked for as they load by the records list (and its table), "Your data", the dialogs and the changes to sort out alone', () => {
    const loadedLater = new Set(
      readdirSync(`${DIST}assets`)
        .filter((file) => file.endsWith('.js'))
        .flatMap((file) =>
          Array.from(
            readFileSync(`${DIST}assets/${file}`, 'utf8').matchAll(
              /\bimport\(\s*[`"']\.\/([\w-]+?)-[\w-]{8}\.js[`"']\s*\)/g,
            ),
            ([, name]) => name!,
          ),
        ),
    );
    expect(loadedLater.size).toBeGreaterThan(15);
    const asking = [...loadedLater].filter((name) =>
      chunkGraph(name)
        .flatMap(sourcesOf)
        .some((source) => ASKS.test(source)),
    );
    // The table comes only with the records list, whose download has already had the list built.
    expect(asking.sort()).toEqual(['AlertDialog', 'CullTable', 'DataPage', 'NeedsAttention', 'YourDataPage']);
  });

  it('is built by a worker of its own, which asks as React Aria does', () => {
    const [worker] = chunkGraph('locale-list-worker');
    expect(readFileSync(`${DIST}${worker!}`, 'utf8')).toContain('Intl.DateTimeFormat.supportedLocalesOf(');
  });
});

describe('the grounds and the larder book', () => {
  // Their words and limits, and the larder book's check of its address, came with every schema.
  it.each(['GroundsPage', 'LarderPage'])('%s opens with neither zod nor any schema', (screen) => {
    const sources = chunkGraph(screen).flatMap(sourcesOf);
    expect(sources.some((source) => source.endsWith(`/${screen}.tsx`))).toBe(true);
    expect(sources.filter((source) => source.includes('/node_modules/zod/') || SCHEMAS.test(source))).toEqual(
      [],
    );
  });
});

describe('your data', () => {
  // The download's file name came from the module of the account's schemas, which brought zod and every schema with
  // it: building them was a task of a fifth of a second on the page's thread, at a full-speed processor.
  it('opens with neither zod nor any schema', () => {
    const sources = chunkGraph('YourDataPage').flatMap(sourcesOf);
    expect(sources.some((source) => source.endsWith('/src/features/account/YourDataPage.tsx'))).toBe(true);
    expect(sources.filter((source) => source.includes('/node_modules/zod/') || SCHEMAS.test(source))).toEqual(
      [],
    );
  });
});

describe('the record forms', () => {
  // Building zod and every schema was the longest task of the add screen's first load, for checks only Save needs.
  it.each(['AddCullPage', 'EditCullPage'])('%s opens with neither zod nor any schema', (screen) => {
    const sources = chunkGraph(screen).flatMap(sourcesOf);
    expect(sources.some((source) => source.endsWith('/src/features/records/CullForm.tsx'))).toBe(true);
    expect(sources.filter((source) => source.includes('/node_modules/zod/') || SCHEMAS.test(source))).toEqual(
      [],
    );
  });

  it('loads its checks, with zod and the record schemas, apart', () => {
    const sources = chunkGraph('cull-request-check').flatMap(sourcesOf);
    expect(sources.some((source) => source.includes('/node_modules/zod/'))).toBe(true);
    expect(sources.some((source) => source.endsWith('packages/contracts/src/cull.ts'))).toBe(true);
  });
});

describe("a screen's files", () => {
  // The app's code once asked for every file a screen imports as the screen's download began: a dozen and more
  // requests, made in the page's first task, which they made several hundred milliseconds longer on a phone.
  it('are asked for by the browser as it reads their imports, never listed for the app to ask for first', () => {
    const listed = readdirSync(`${DIST}assets`)
      .filter((file) => file.endsWith('.js'))
      .flatMap((file) => {
        const list = /__vite__mapDeps=.*?m\.f=(\[[^\]]*\])/.exec(
          readFileSync(`${DIST}assets/${file}`, 'utf8'),
        );
        return list
          ? (JSON.parse(list[1]!) as string[]).map((dependency) => `${file} lists ${dependency}`)
          : [];
      });
    // The style sheet stays listed: it is the app's own, which every page has loaded already.
    expect(listed.filter((entry) => !entry.endsWith('.css'))).toEqual([]);
  });
});
