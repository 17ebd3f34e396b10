let asked = false;

/**
 * React Aria learns the browser's language as its code is imported, by asking `Intl.DateTimeFormat.supportedLocalesOf`.
 * The first such question in a page has the browser build its list of every date locale it knows: 45-90 ms here, on
 * the page's thread, in the middle of the screen's start (four times that on Lighthouse's phone). The browser keeps the
 * list for the page and its workers alike, so a worker that asks first, as the screen's code starts to download, builds
 * it on a thread of its own, and the page's question is answered at once. Once per page: the list stays built.
 */
export function buildLocaleListAside(): void {
  if (asked || typeof Worker === 'undefined') return;
  asked = true;
  try {
    new Worker(new URL('./locale-list-worker.ts', import.meta.url), { type: 'module', name: 'locale-list' });
  } catch {
    // Where no worker can start, the page builds the list itself on first use, as it would have anyway.
  }
}

/**
 * The download of code that imports React Aria's locale lookup, which asks for the browser's list of locales as it
 * loads (a screen, a dialog): the list is built aside while the code downloads.
 */
export const withLocaleList =
  <T>(load: () => Promise<T>) =>
  (): Promise<T> => {
    buildLocaleListAside();
    return load();
  };
