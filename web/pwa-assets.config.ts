import { defineConfig, minimal2023Preset } from '@vite-pwa/assets-generator/config';

/**
 * `npm run icons -w web` draws the installed app's icons from icons/app-icon.svg into public/ (committed):
 * a maskable one filled to its edges, as Android crops it, and the usual sizes and favicon.
 */
export default defineConfig({
  headLinkOptions: { preset: '2023' },
  preset: {
    ...minimal2023Preset,
    maskable: { ...minimal2023Preset.maskable, padding: 0 },
    apple: { ...minimal2023Preset.apple, padding: 0 },
    transparent: { ...minimal2023Preset.transparent, padding: 0 },
  },
  images: ['icons/app-icon.svg'],
});
