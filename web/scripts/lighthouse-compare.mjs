// Two builds of the app compared by Lighthouse's mobile run of the same page, run after run in turns (A B, B A, ...),
// so that a busy spell of the machine falls on both alike: on a machine of two cores the same build moves by ten
// points within the hour, which a set of runs of one build and then of the other takes for a difference.
//
//   node web/scripts/lighthouse-compare.mjs <url A> <cookie A> <url B> <cookie B> [runs of each]
//
// Each build served by its own server, for example with a build of main in /tmp/dist-a and the change in /tmp/dist-b:
//   PORT=3001 DATA_DIR=/tmp/data-a WEB_DIST=/tmp/dist-a node services/standalone/dist/main.js
//   PORT=3002 DATA_DIR=/tmp/data-b WEB_DIST=/tmp/dist-b node services/standalone/dist/main.js
// and a cookie from each one's development sign-in (see lighthouse-median.mjs); '' for a page that needs none.
import { measure, summary } from './lighthouse-runs.mjs';

const [urlA, cookieA, urlB, cookieB, runs = '6'] = process.argv.slice(2);
if (!urlA || cookieA === undefined || !urlB || cookieB === undefined)
  throw new Error(
    'Usage: node web/scripts/lighthouse-compare.mjs <url A> <cookie A> <url B> <cookie B> [runs of each]',
  );

const sides = {
  A: { url: urlA, cookie: cookieA, runs: [] },
  B: { url: urlB, cookie: cookieB, runs: [] },
};
for (let round = 0; round < Number(runs); round += 1) {
  for (const name of round % 2 === 0 ? ['A', 'B'] : ['B', 'A']) {
    const side = sides[name];
    const run = await measure(side.url, side.cookie || undefined);
    side.runs.push(run);
    console.log(`${name} ${run.failed ?? run.performance}`);
  }
}
for (const [name, side] of Object.entries(sides)) console.log(`${name} ${side.url}: ${summary(side.runs)}`);
