/** The benchmark's signed-in user and the wait for the app's projections, shared by the reads bench and the profiler. */
import { performance } from 'node:perf_hooks';
import { BENCH_EMAIL } from './bench-culls';
import type { RunningApp } from './child-processes';
import { expectStatus } from './http-client';

export interface Session {
  url: string;
  /** Cookie and same-origin headers of the signed-in benchmark user. */
  headers: Record<string, string>;
}

export async function signIn(app: RunningApp, userId: string, email = BENCH_EMAIL): Promise<Session> {
  const sameOrigin = { 'sec-fetch-site': 'same-origin' };
  const answer = await expectStatus(`${app.url}/auth/dev/login`, 200, {
    method: 'POST',
    headers: sameOrigin,
    body: { name: 'Bench Stalker', email },
  });
  const { uid } = JSON.parse(answer.body.toString()) as { uid: string };
  if (uid !== userId)
    throw new Error(`the development sign-in gave ${uid}; the records were seeded for ${userId}`);
  const cookies = [answer.headers['set-cookie'] ?? []].flat().map((cookie) => cookie.split(';')[0]);
  return { url: app.url, headers: { ...sameOrigin, cookie: cookies.join('; ') } };
}

/**
 * Seconds from starting the app until `GET /api/stats` reports every seeded event applied; the session's user
 * owns `culls` of them (all, unless told).
 */
export async function statsCatchUp(
  app: RunningApp,
  session: Session,
  events: number,
  culls = events,
): Promise<number> {
  const deadline = performance.now() + 300_000;
  while (performance.now() < deadline) {
    // The route itself waits (up to 2 s) for the position, so this loop asks rarely.
    const answer = await expectStatus(`${session.url}/api/stats?after=${events}`, 200, {
      headers: session.headers,
    });
    const { position, total_culls: total } = JSON.parse(answer.body.toString()) as {
      position: number;
      total_culls: number;
    };
    if (position >= events) {
      const seconds = (performance.now() - app.startedAt) / 1000;
      if (total !== culls)
        console.error(`  the stats count ${total} culls of the user's ${culls}: they are wrong`);
      return seconds;
    }
  }
  throw new Error(`the stats projection did not reach position ${events} within 5 minutes`);
}
