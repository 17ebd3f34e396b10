// One Lighthouse mobile run (default throttling) of one page in a fresh Chromium, and the median of several: shared by
// lighthouse-median.mjs and lighthouse-compare.mjs.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

/** The run's figures, or the code of the error that kept Lighthouse from measuring the page. */
export async function measure(url, cookie) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--lang=en-GB'],
  });
  try {
    const { lhr } = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      blockedUrlPatterns: ['*.tile.openstreetmap.org'],
      ...(cookie ? { extraHeaders: { cookie } } : {}),
    });
    if (lhr.runtimeError) return { failed: lhr.runtimeError.code };
    return {
      performance: Math.round(lhr.categories.performance.score * 100),
      fcp: lhr.audits['first-contentful-paint'].numericValue,
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      benchmarkIndex: lhr.environment.benchmarkIndex,
    };
  } finally {
    await chrome.kill();
  }
}

/** The runs' scores and the median of each figure, in a line. */
export function summary(runs) {
  const measured = runs.filter((run) => run.failed === undefined);
  const failed = runs.filter((run) => run.failed !== undefined).map((run) => run.failed);
  if (measured.length === 0) throw new Error(`No run measured: ${failed.join(', ')}`);
  const median = (key) => {
    const values = measured.map((run) => run[key]).sort((a, b) => a - b);
    const middle = Math.floor(values.length / 2);
    return values.length % 2 === 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
  };
  const indices = measured.map((run) => run.benchmarkIndex);
  return (
    `performance ${measured.map((run) => run.performance).join(', ')}; median ${median('performance')}, ` +
    `FCP ${Math.round(median('fcp'))} ms, LCP ${Math.round(median('lcp'))} ms, TBT ${Math.round(median('tbt'))} ms, ` +
    `CLS ${median('cls').toFixed(3)}, benchmarkIndex ${Math.round(Math.min(...indices))}-${Math.round(Math.max(...indices))}` +
    (failed.length > 0 ? ` (runs Lighthouse could not measure: ${failed.join(', ')})` : '')
  );
}
