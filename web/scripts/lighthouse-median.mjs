// Lighthouse's mobile run (default throttling) of one page, several times, each in a fresh Chromium, with the median
// of each figure: what the figures in the notes on performance are.
//
//   node web/scripts/lighthouse-median.mjs <url> [cookie] [runs]
//
// With the app running (npm start), a cookie from the development sign-in, for example:
//   curl -si -X POST localhost:3000/auth/dev/login -H 'content-type: application/json' \
//     -H 'origin: http://localhost:3000' -d '{"name":"LH","email":"lh@example.com"}' | grep -i set-cookie
import { measure, summary } from './lighthouse-runs.mjs';

const [url, cookie, runs = '3'] = process.argv.slice(2);
if (!url) throw new Error('Usage: node web/scripts/lighthouse-median.mjs <url> [cookie] [runs]');

const measured = [];
for (let run = 0; run < Number(runs); run += 1) measured.push(await measure(url, cookie));
console.log(`${new URL(url).pathname}: ${summary(measured)}`);
