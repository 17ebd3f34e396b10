import type { ScreenEntry } from './screens';

/** Where the built pages of the screens go in `dist`, by who may see them. */
export const SCREEN_PAGES_DIR = 'screens';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The page the server sends for a screen at a fixed address: its title, and its heading drawn before any code runs. */
export function screenPage(indexHtml: string, screen: ScreenEntry): string {
  if (screen.heading === undefined) throw new Error(`The screen at /${screen.path} has no fixed heading`);
  const main = /<main class="main"><\/main>/;
  if (!main.test(indexHtml) || !indexHtml.includes('<title>Cull Log</title>'))
    throw new Error('index.html no longer has the empty main element and title the screen pages fill in');
  // The markup ScreenLoading draws, so the app takes over without anything moving.
  const loading =
    `<main id="main" class="main" tabindex="-1"><div class="page">` +
    `<p class="page__title" aria-hidden="true">${escapeHtml(screen.heading)}</p>` +
    (screen.lead === undefined
      ? ''
      : `<p class="page__lead" aria-hidden="true">${escapeHtml(screen.lead)}</p>`) +
    `<div class="status status--loading" role="status">Loading...</div></div></main>`;
  return indexHtml
    .replace('<title>Cull Log</title>', `<title>${escapeHtml(screen.title)} · Cull Log</title>`)
    .replace(main, loading);
}

/** The file of a screen's page under `dist`: signed-in screens apart, as only a signed-in visitor is sent them. */
export function screenPageFile(screen: ScreenEntry): string | undefined {
  if (screen.heading === undefined || screen.path.includes(':')) return undefined;
  return `${SCREEN_PAGES_DIR}/${screen.signedIn ? 'signed-in' : 'public'}/${screen.path}.html`;
}
