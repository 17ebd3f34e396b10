import type { ScreenWords } from '../ui/screen';

/** Where the built pages of the screens go in `dist`, by who may see them. */
export const SCREEN_PAGES_DIR = 'screens';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The page the server sends for `/`, from the home page's own page under `dist`. */
export const HOME_PAGE_FILE = `${SCREEN_PAGES_DIR}/public/home.html`;

const EMPTY_MAIN = /<main class="main"><\/main>/;

/**
 * index.html with its title and main element filled in, for a page the server sends at a fixed address: the home page
 * with its hero (`homeMarkup`), or a screen (`screenPage`).
 */
export function fixedPage(indexHtml: string, title: string, main: string): string {
  if (!EMPTY_MAIN.test(indexHtml) || !indexHtml.includes('<title>Cull Log</title>'))
    throw new Error('index.html no longer has the empty main element and title the screen pages fill in');
  return indexHtml
    .replace('<title>Cull Log</title>', `<title>${escapeHtml(title)} · Cull Log</title>`)
    .replace(EMPTY_MAIN, `<main id="main" class="main" tabindex="-1">${main}</main>`);
}

/**
 * The page the server sends for a screen at a fixed address: its title, and its heading drawn before any code runs,
 * or, for a screen of fixed text, the whole of it (`content`, as the app draws it).
 */
export function screenPage(indexHtml: string, screen: ScreenWords, content?: string): string {
  if (screen.heading === undefined) throw new Error(`The screen at /${screen.path} has no fixed heading`);
  if (content !== undefined) return fixedPage(indexHtml, screen.title, content);
  // The markup ScreenLoading draws, so the app takes over without anything moving.
  const loading =
    `<div class="page">` +
    `<p class="page__title" aria-hidden="true">${escapeHtml(screen.heading)}</p>` +
    (screen.lead === undefined
      ? ''
      : `<p class="page__lead" aria-hidden="true">${escapeHtml(screen.lead)}</p>`) +
    `<div class="status status--loading" role="status">Loading...</div></div>`;
  return fixedPage(indexHtml, screen.title, loading);
}

/** The file of a screen's page under `dist`: signed-in screens apart, as only a signed-in visitor is sent them. */
export function screenPageFile(screen: ScreenWords): string | undefined {
  if (screen.heading === undefined || screen.path.includes(':')) return undefined;
  return `${SCREEN_PAGES_DIR}/${screen.signedIn ? 'signed-in' : 'public'}/${screen.path}.html`;
}
