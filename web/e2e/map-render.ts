import type { Browser, BrowserContext } from 'playwright-core';

/** 10,000 distinct points spread over Great Britain (a golden-ratio sequence), as the map endpoint answers. */
const TEN_THOUSAND_POINTS = {
  species: ['Roe Deer', 'Red Deer', 'Fallow Deer', 'Sika Deer', 'Muntjac', 'Chinese Water Deer'],
  points: Array.from({ length: 10_000 }, (_, index) => [
    50 + ((index * 0.618_033_988_75) % 1) * 8.5,
    -5.5 + ((index * 0.754_877_666_25) % 1) * 7,
    index % 6,
  ]),
  truncated: false,
};

interface RenderedAtWindow {
  pointsRenderedAt?: number;
}

/** Runs in the page before the app: notes the moment the map marks its points as drawn. */
function recordWhenPointsRendered() {
  new MutationObserver((_, observer) => {
    if (!document.querySelector('[data-points-rendered="10000"]')) return;
    (window as unknown as RenderedAtWindow).pointsRenderedAt = performance.now();
    observer.disconnect();
  }).observe(document, { attributes: true, attributeFilter: ['data-points-rendered'], subtree: true });
}

/**
 * One load of the map in a fresh context (signed in, empty cache, so the figure includes downloading the app)
 * with the map endpoint answering 10,000 points: milliseconds from navigation start until they are all drawn.
 * For the end-to-end suite, which checks they are, and for the benchmark, which times it.
 */
export async function timeFirstMapRender(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number },
  storageState: Awaited<ReturnType<BrowserContext['storageState']>>,
): Promise<number> {
  const context = await browser.newContext({ baseURL, viewport, locale: 'en-GB', storageState });
  try {
    const page = await context.newPage();
    await page.route('**/api/culls/map-points', (route) => route.fulfill({ json: TEN_THOUSAND_POINTS }));
    // Map tiles come from the internet; the figure is about the app, so they are left out.
    await page.route('https://*.tile.openstreetmap.org/**', (route) => route.abort());
    await page.addInitScript(recordWhenPointsRendered);
    await page.goto('/map');
    await page.waitForSelector('.map[data-points-rendered="10000"]', { timeout: 60_000 });
    return await page.evaluate(() => (window as unknown as RenderedAtWindow).pointsRenderedAt ?? Number.NaN);
  } finally {
    await context.close();
  }
}
