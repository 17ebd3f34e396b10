import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { defineConfig, runnerImport } from 'vite';
import react from '@vitejs/plugin-react';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { VitePWA } from 'vite-plugin-pwa';
import type { Plugin } from 'vite';
import {
  fixedPage,
  HOME_PAGE_FILE,
  SCREEN_PAGES_DIR,
  screenPage,
  screenPageFile,
} from './src/app/screen-pages.ts';
import type * as FixedScreens from './src/app/built-screens.tsx';
import type * as Screens from './src/app/screens.ts';

const gateway = process.env.GATEWAY_URL ?? 'http://localhost:3000';

/** Map tiles already seen stay for a month, up to this many (about 20 MB of typical tiles). */
const MAP_TILES_KEPT = 1000;

/**
 * A page for each screen at a fixed address, with its title and heading, and one for the home page with its hero, for
 * the server to send for that address.
 */
function screenPages(): Plugin {
  return {
    name: 'cull-log:screen-pages',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      // The home page's hero and the fixed-text screens drawn as the app draws them, with the app's own code (run as Vite runs it on a server).
      const [{ module: fixedScreens }, { module: screens }] = await Promise.all([
        runnerImport<typeof FixedScreens>(
          fileURLToPath(new URL('./src/app/built-screens.tsx', import.meta.url)),
          {
            configFile: false,
            logLevel: 'warn',
          },
        ),
        // The app's table of screens, with each one's words, as the app reads it.
        runnerImport<typeof Screens>(fileURLToPath(new URL('./src/app/screens.ts', import.meta.url)), {
          configFile: false,
          logLevel: 'warn',
        }),
      ]);
      const { HOME_SCREEN, SCREENS } = screens;
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('The build made no index.html');
      this.emitFile({
        type: 'asset',
        fileName: HOME_PAGE_FILE,
        source: fixedPage(String(index.source), HOME_SCREEN.title, fixedScreens.homeMarkup()),
      });
      for (const screen of SCREENS) {
        const fileName = screenPageFile(screen);
        if (fileName)
          this.emitFile({
            type: 'asset',
            fileName,
            source: screenPage(String(index.source), screen, fixedScreens.fixedScreenMarkup(screen.path)),
          });
      }
    },
  };
}

/** Files the server sends compressed, and the smallest worth compressing. */
const COMPRESSIBLE = /\.(js|css|html|svg|webmanifest)$/;
const COMPRESS_FROM_BYTES = 1024;

/**
 * Brotli and gzip copies of the built files, made once at the best compression, for the server to send to browsers
 * that accept them: a phone on a weak signal downloads the app's code about a sixth smaller than compressed as it is
 * sent, and the server does no compressing of its own for them.
 */
function precompressed(): Plugin {
  let outDir = 'dist';
  return {
    name: 'cull-log:precompressed',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle() {
      const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' });
      for (const file of files) {
        const path = join(outDir, file);
        if (!COMPRESSIBLE.test(file) || statSync(path).size < COMPRESS_FROM_BYTES) continue;
        const content = readFileSync(path);
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(content, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
              [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
        writeFileSync(`${path}.gz`, gzipSync(content, { level: zlib.Z_BEST_COMPRESSION }));
      }
    },
  };
}

/** The comment by which Chrome (from 136) compiles a whole script while it downloads, beside the page. */
const COMPILE_ALL_ON_LOAD = '//# allFunctionsCalledOnLoad';

/**
 * The code every page loads first (React, the router, the app's frame and the session check: nearly all of it runs at
 * every start) is compiled whole as it downloads, on a thread of its own, rather than function by function on the
 * page's thread as each is first called. Chrome reads the comment on a file's first line only, so it goes in after
 * Vite has written the chunk's own first line, and the source map moves down a line with it. Screens' and libraries'
 * chunks are left to compile as they run: much of a library's code (the map's, the photos') is never called.
 */
function compileFirstDownloadWhole(): Plugin {
  return {
    name: 'cull-log:compile-first-download-whole',
    apply: 'build',
    enforce: 'post',
    // After Vite's own: it writes the list of a chunk's later downloads as the chunk's first line.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset') throw new Error('The build made no index.html');
        for (const [, src] of String(index.source).matchAll(
          /<script type="module"[^>]*src="\/([^"]+\.js)"/g,
        )) {
          const chunk = bundle[src!];
          if (chunk?.type !== 'chunk')
            throw new Error(`index.html loads ${src}, which the build did not make`);
          chunk.code = `${COMPILE_ALL_ON_LOAD}\n${chunk.code}`;
          const mapFile = bundle[`${chunk.fileName}.map`];
          if (mapFile?.type !== 'asset') continue;
          const map = JSON.parse(String(mapFile.source)) as { mappings: string };
          mapFile.source = JSON.stringify({ ...map, mappings: `;${map.mappings}` });
        }
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    // React Aria's own words (a table's "Select all", a dialog's "Dismiss") come in some forty languages; the app speaks
    // English alone, so the others are left out of the download and out of every screen's start-up.
    optimizeLocales.vite({ locales: ['en'] }),
    screenPages(),
    compileFirstDownloadWhole(),
    precompressed(),
    VitePWA({
      // A new version waits for the user's "Reload to update", never swapped under a half-filled form.
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'Cull Log',
        short_name: 'Cull Log',
        description: 'Record, map, analyse and export your wildlife cull records.',
        lang: 'en-GB',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        theme_color: '#2f4f3a',
        background_color: '#f6f4ee',
        icons: [
          { src: '/pwa-64x64.png', sizes: '64x64', type: 'image/png' },
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
          { src: '/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // No source map for the service worker either: it would be named in sw.js for anyone to fetch.
        sourcemap: false,
        // The app shell: every screen's code and styles, so the app opens with no signal.
        globPatterns: ['**/*.{js,css,html,svg,png,ico}'],
        // With no signal every address opens from index.html; the screens' own pages are for the server to send.
        globIgnores: [`${SCREEN_PAGES_DIR}/**`],
        navigateFallback: '/index.html',
        // The server's own paths are never answered from the shell.
        navigateFallbackDenylist: [/^\/api\//, /^\/auth\//, /^\/healthz$/, /^\/readyz$/],
        runtimeCaching: [
          {
            urlPattern: ({ url }) => url.hostname.endsWith('.tile.openstreetmap.org'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'map-tiles',
              expiration: { maxEntries: MAP_TILES_KEPT, maxAgeSeconds: 30 * 24 * 60 * 60 },
              // Tiles are fetched with CORS, so a cached tile is a real answer, not an opaque one.
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
  ],
  server: {
    proxy: {
      '/api': gateway,
      '/auth': gateway,
    },
  },
  worker: {
    // The answers' worker is a module, as the app is: one file with zod and the schemas.
    format: 'es',
  },
  build: {
    // A screen's files come as the browser reads the imports of the screen's own file, rather than being asked for all
    // at once by the app's code as the screen's download starts. Those requests, a dozen or more for a screen, were made
    // in the app's first task on the page, which they made several hundred milliseconds longer on a phone's processor.
    // The cost is a round trip for each level of imports, paid only where the files are not yet on the device: the
    // service worker keeps every one of them from the first visit on.
    modulePreload: false,
    outDir: 'dist',
    emptyOutDir: true,
    // Hidden maps: made for the tests that read them (first-download.int.test.ts), but named in no file the browser gets,
    // and the gateway does not serve them.
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        // The server's answers are checked in a worker of its own (src/api/answers.ts), which brings zod and the
        // schemas; the page loads them only for a form's own checks. The contracts' plain words and constants are
        // chunks apart from the schemas, so a screen that shows them builds no schema: the few the app shell uses, and
        // those the screens use.
        codeSplitting: {
          groups: [
            {
              name: 'contracts-shell',
              test: /[\\/]packages[\\/]contracts[\\/]src[\\/](headers|timing|session-check)\.ts$/,
              priority: 2,
            },
            {
              name: 'contracts-words',
              test: /[\\/]packages[\\/]contracts[\\/]src[\\/](messages|enums|limits|list-query-check|validation|place-words|token-words|team-words|account-words|retention-words|deer-management-words)\.ts$/,
              priority: 2,
            },
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 1 },
            // The rest of the schemas, one file rather than one per module: each file is a request of its own.
            {
              name: 'contracts',
              test: /[\\/]packages[\\/]contracts[\\/]src[\\/][^\\/]+\.ts$/,
              priority: 1,
            },
            // Everything the first page needs before any screen is one file: on a phone's connection each file is a
            // further request, and the browser opens only a few at once.
            { name: 'shell', tags: ['$initial'], priority: 0 },
          ],
        },
      },
    },
  },
});
