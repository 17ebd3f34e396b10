import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const gateway = process.env.GATEWAY_URL ?? 'http://localhost:3000';

/** Map tiles already seen stay for a month, up to this many (about 20 MB of typical tiles). */
const MAP_TILES_KEPT = 1000;

export default defineConfig({
  plugins: [
    react(),
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
        // The app shell: every screen's code and styles, so the app opens with no signal.
        globPatterns: ['**/*.{js,css,html,svg,png,ico}'],
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
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // The shared schemas and zod load with the first answer to check, not with the first page; the few plain
        // constants and helpers of the contracts that the app shell uses get a small chunk of their own.
        advancedChunks: {
          groups: [
            {
              name: 'contracts-shell',
              test: /[\\/]packages[\\/]contracts[\\/]src[\\/](headers|timing)\.ts$/,
              priority: 2,
            },
            {
              name: 'contracts',
              test: /[\\/]packages[\\/]contracts[\\/]src[\\/]|[\\/]node_modules[\\/]zod[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
