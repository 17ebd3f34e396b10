// Every page of the Lighthouse check (e2e/lighthouse.int.test.ts), Lighthouse's mobile run with its default
// throttling, in rounds: each round runs every page once, so a busy spell of the machine falls on all pages alike. Prints
// each run, then each page's scores and medians. Signs in as a new user with three located records, as the check does.
//
//   npx tsx web/scripts/lighthouse-pages.mjs <base url> [rounds]
//
// With the app running (npm start): npx tsx web/scripts/lighthouse-pages.mjs http://localhost:3000 5
import { sampleRecordRequest } from '@cull-log/contracts/testing';
import { measure, summary } from './lighthouse-runs.mjs';

const [base, rounds = '5'] = process.argv.slice(2);
if (!base) throw new Error('Usage: npx tsx web/scripts/lighthouse-pages.mjs <base url> [rounds]');

const signIn = await fetch(`${base}/auth/dev/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: base },
  body: JSON.stringify({ name: 'Lighthouse Stalker', email: `lighthouse-${Date.now()}@example.com` }),
});
if (!signIn.ok)
  throw new Error(`The development sign-in answered ${signIn.status}: is it allowed on this server?`);
const cookie = signIn.headers
  .getSetCookie()
  .map((line) => line.split(';')[0])
  .join('; ');

const recordIds = [];
for (const [latitude, longitude] of [
  [52.21, -1.23],
  [52.24, -1.31],
  [52.16, -1.18],
]) {
  const answer = await fetch(`${base}/api/culls`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie },
    body: JSON.stringify(sampleRecordRequest({ location_name: 'Lighthouse Wood', latitude, longitude })),
  });
  if (answer.status !== 201)
    throw new Error(`Adding a record answered ${answer.status}: ${await answer.text()}`);
  recordIds.push((await answer.json()).id);
}

const pages = [
  { name: '/', signedIn: false },
  { name: '/login', signedIn: false },
  { name: '/terms', signedIn: false },
  { name: '/dashboard', signedIn: true },
  { name: '/data', signedIn: true },
  { name: '/add-cull', signedIn: true },
  { name: '/view-cull/:id', path: `/view-cull/${recordIds[0]}`, signedIn: true },
  { name: '/map', signedIn: true },
].map((page) => ({ ...page, runs: [] }));

for (let round = 1; round <= Number(rounds); round += 1) {
  for (const page of pages) {
    const run = await measure(`${base}${page.path ?? page.name}`, page.signedIn ? cookie : undefined);
    page.runs.push(run);
    console.log(`round ${round} ${page.name}: ${run.failed ?? run.performance}`);
  }
}
for (const page of pages) console.log(`${page.name}: ${summary(page.runs)}`);
