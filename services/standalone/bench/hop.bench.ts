/**
 * `npm run bench -- hop`: what the gateway's hop costs in the distributed deployment. Builds the services and
 * starts them as separate processes over NATS, as `npm run start:services` does; signs in and adds a page of
 * records through the gateway; then times the same list page asked one request at a time of the records service
 * directly (with the identity the gateway would sign) and through the gateway, alternating so that both see the
 * same machine, and prints each median and p99 and the difference of the medians.
 *
 * BENCH_HOP_REQUESTS sets the requests timed on each path (default 3,000).
 */
import { cpus, loadavg } from 'node:os';
import { sampleRecordRequest } from '@cull-log/contracts/testing';
import {
  IDENTITY_HEADER,
  SERVICES,
  generateIdentityKeys,
  identityPrivateKey,
  signIdentity,
} from '@cull-log/service-kit';
import { buildServices, devSignIn, startDistributed } from './distributed';
import { expectStatus, httpRequest } from './http-client';

const REQUESTS = Number(process.env.BENCH_HOP_REQUESTS ?? 3_000);
const WARM_UP_REQUESTS = 300;
const RECORDS = 20;
const LIST = '/culls?page=1&page_size=10&sort=date&order=desc';

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] as number;
}

async function main(): Promise<void> {
  buildServices();
  const records = `http://127.0.0.1:${SERVICES.records.port}`;
  const identityKeys = generateIdentityKeys();
  const gatewayKey = identityPrivateKey(identityKeys.privateKey);
  const services = await startDistributed({ INTERNAL_AUTH_PRIVATE_KEY: identityKeys.privateKey });
  const gateway = services.url;
  try {
    const { identity, headers: session } = await devSignIn(gateway, 'Hop Stalker', 'hop@example.com');
    for (let index = 0; index < RECORDS; index += 1) {
      await expectStatus(`${gateway}/api/culls`, 201, {
        method: 'POST',
        headers: session,
        body: sampleRecordRequest({ location_name: `Hop Wood ${index}` }),
      });
    }

    // The identity the gateway signs for this request, made afresh as it does, so the direct path pays for it too.
    const direct = () =>
      httpRequest(`${records}${LIST}`, {
        headers: {
          [IDENTITY_HEADER]: signIdentity({
            privateKey: gatewayKey,
            audience: 'records',
            identity,
            method: 'GET',
            url: LIST,
          }),
        },
      });
    const throughGateway = () => httpRequest(`${gateway}/api${LIST}`, { headers: session });

    const timings = { direct: [] as number[], gateway: [] as number[] };
    for (let index = 0; index < WARM_UP_REQUESTS + REQUESTS; index += 1) {
      const [first, second] =
        index % 2 === 0 ? (['direct', 'gateway'] as const) : (['gateway', 'direct'] as const);
      for (const path of [first, second]) {
        const answer = await (path === 'direct' ? direct() : throughGateway());
        if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${answer.body}`);
        if (index >= WARM_UP_REQUESTS) timings[path].push(answer.milliseconds);
      }
    }

    const summary = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return { median: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
    };
    const straight = summary(timings.direct);
    const hopped = summary(timings.gateway);
    const overhead = hopped.median - straight.median;
    const format = (milliseconds: number) => `${milliseconds.toFixed(2)} ms`;
    console.log(
      `Gateway hop, distributed (four processes over NATS), list page 1, ${REQUESTS.toLocaleString('en-GB')} ` +
        `requests each, one at a time; ${cpus().length} cores, load average ${loadavg()[0]?.toFixed(2)}`,
    );
    console.table({
      'records service directly': { median: format(straight.median), p99: format(straight.p99) },
      'through the gateway': { median: format(hopped.median), p99: format(hopped.p99) },
    });
    console.log(
      `gateway hop overhead at p50: ${format(overhead)} (target ≤ 1 ms: ${overhead <= 1 ? 'pass' : 'fail'})`,
    );
  } finally {
    await services.stop();
  }
}

await main();
