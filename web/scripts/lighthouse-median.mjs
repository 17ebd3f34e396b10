// Lighthouse's mobile run (default throttling) of one page, several times, each in a fresh Chromium, with the median
// of each figure: what the figures in the notes on performance are.
//
//   node web/scripts/lighthouse-median.mjs <url> [cookie] [runs]
//
// With the app running (npm start), a cookie from the development sign-in, for example:
//   curl -si -X POST localhost:3000/auth/dev/login -H 'content-type: application/json' \
//     -H 'origin: http://localhost:3000' -d '{"name":"LH","email":"lh@example.com"}' | grep -i set-cookie
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const [url, cookie, runs = '3'] = process.argv.slice(2);
if (!url) throw new Error('Usage: node web/scripts/lighthouse-median.mjs <url> [cookie] [runs]');

const measured = [];
const failed = [];
for (let run = 0; run < Number(runs); run += 1) {
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
    if (lhr.runtimeError) failed.push(lhr.runtimeError.code);
    else
      measured.push({
        performance: Math.round(lhr.categories.performance.score * 100),
        fcp: lhr.audits['first-contentful-paint'].numericValue,
        lcp: lhr.audits['largest-contentful-paint'].numericValue,
        tbt: lhr.audits['total-blocking-time'].numericValue,
        cls: lhr.audits['cumulative-layout-shift'].numericValue,
      });
  } finally {
    await chrome.kill();
  }
}

const median = (key) => {
  const values = measured.map((run) => run[key]).sort((a, b) => a - b);
  return values[Math.floor(values.length / 2)];
};
if (measured.length === 0) throw new Error(`No run measured: ${failed.join(', ')}`);
console.log(
  `${new URL(url).pathname}: performance ${measured.map((run) => run.performance).join(', ')}; median ` +
    `${median('performance')}, FCP ${Math.round(median('fcp'))} ms, LCP ${Math.round(median('lcp'))} ms, ` +
    `TBT ${Math.round(median('tbt'))} ms, CLS ${median('cls').toFixed(3)}` +
    (failed.length > 0 ? ` (runs Lighthouse could not measure: ${failed.join(', ')})` : ''),
);
