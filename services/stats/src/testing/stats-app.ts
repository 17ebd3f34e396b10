import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach } from 'vitest';
import type { TeamAccess } from '@cull-log/contracts';
import { IDENTITY_HEADER } from '@cull-log/service-kit';
import { TEST_PUBLIC_KEY, identityHeadersFor, signedIdentity } from '@cull-log/service-kit/testing';
import { statsService } from '../stats-service';
import { openSqliteStatsStore } from '../store/sqlite';
import type { StatsStore } from '../store/stats-store';

const identityHeaders = identityHeadersFor('stats');

type StatsApp = ReturnType<typeof statsService.buildApp>;

/**
 * A stats service on a SQLite store of its own, made afresh before each test of the calling `describe` and closed
 * after it, with its clock at `now`. `get` asks it as the gateway would, with a signed identity.
 */
export function statsAppPerTest(now: Date, options: { afterWaitMs?: number } = {}) {
  let directory: string;
  let store: StatsStore;
  let app: StatsApp;

  beforeEach(async () => {
    directory = mkdtempSync(join(tmpdir(), 'cull-log-stats-'));
    store = openSqliteStatsStore({ file: join(directory, 'stats.db') });
    app = statsService.buildApp({
      projectionStore: store,
      logger: pino({ level: 'silent' }),
      internalAuthPublicKey: TEST_PUBLIC_KEY,
      now: () => now,
      ...options,
    });
    await app.ready();
  });
  afterEach(async () => {
    await app.close();
    await store.close();
    rmSync(directory, { recursive: true, force: true });
  });

  return {
    get app() {
      return app;
    },
    get store() {
      return store;
    },
    get: (uid: string, url: string) =>
      app.inject({ method: 'GET', url, headers: identityHeaders(uid, url, now) }),
    /** A POST of a JSON body, signed with its digest as the gateway signs it. */
    post: (uid: string, url: string, body: unknown) => {
      const payload = JSON.stringify(body);
      return app.inject({
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': 'application/json', ...identityHeaders(uid, url, now, 'POST', payload) },
      });
    },
    /** As `get`, for a read of a team (`?team=`) with the caller's place in it, as the gateway signs it. */
    getInTeam: (uid: string, team: TeamAccess | undefined, url: string) =>
      app.inject({
        method: 'GET',
        url,
        headers: {
          [IDENTITY_HEADER]: signedIdentity(
            'stats',
            { uid, display_name: uid, email: `${uid}@example.org`, ...(team && { team }) },
            { url, now },
          ),
        },
      }),
  };
}
