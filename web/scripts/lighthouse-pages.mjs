// Every page of the Lighthouse check (e2e/lighthouse-pages.ts), Lighthouse's mobile run with its default throttling,
// in rounds: each round runs every page once, so a busy spell of the machine falls on all pages alike. Prints each run,
// then each page's scores and medians. Measured as the check measures them: a new user with three located records.
//
//   npx tsx web/scripts/lighthouse-pages.mjs <base url> [rounds] [pages, e.g. /map,/dashboard]
//
// With the app running (npm start): npx tsx web/scripts/lighthouse-pages.mjs http://localhost:3000 5
import { PAGES, lighthouseUser, pathOf } from '../e2e/lighthouse-pages.ts';
import { measure, summary } from './lighthouse-runs.mjs';

const [base, rounds = '5', only] = process.argv.slice(2);
if (!base) throw new Error('Usage: npx tsx web/scripts/lighthouse-pages.mjs <base url> [rounds]');

const { cookie, recordIds, teamId } = await lighthouseUser(base);
const pages = PAGES.map((page) => ({
  name: pathOf(page),
  path: pathOf(page, { recordId: recordIds[0], teamId }),
  signedIn: page.signedIn,
  runs: [],
})).filter((page) => only === undefined || only.split(',').includes(page.name));

for (let round = 1; round <= Number(rounds); round += 1) {
  for (const page of pages) {
    const run = await measure(`${base}${page.path}`, page.signedIn ? cookie : undefined);
    page.runs.push(run);
    console.log(`round ${round} ${page.name}: ${run.failed ?? run.performance}`);
  }
}
for (const page of pages) console.log(`${page.name}: ${summary(page.runs)}`);
