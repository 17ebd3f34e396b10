import { afterEach, beforeEach } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { Writable } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { pino, type DestinationStream } from 'pino';
import { openFileBlobStore, type BlobStore } from '@cull-log/blobstore';
import type { AppendResult, EventStore } from '@cull-log/eventstore';
import { openSqliteEventStore, type SqliteDatabase, type SqliteEventStore } from '@cull-log/eventstore';
import { IDENTITY_HEADER, type Identity } from '@cull-log/service-kit';
import { TEST_PUBLIC_KEY, signedIdentity } from '@cull-log/service-kit/testing';
import { buildApp, type RecordsAppDeps } from '../app';
import type { CullReadModel } from '../read-model/cull-read-model';
import { openSqliteReadModel } from '../read-model/sqlite-cull-read-model';

/** The records service's invitation secret in tests. */
export const TEST_INVITATION_SECRET = 'records-test-secret-0123456789-abcdefghij';

export const ALICE: Identity = { uid: 'user-alice', display_name: 'Alice', email: 'alice@example.org' };
export const BOB: Identity = { uid: 'user-bob', display_name: 'Bob', email: 'bob@example.org' };

/** A store and read model of one backend; `close` removes whatever the backend left behind. */
export interface Backend<Tx> {
  store: EventStore<Tx>;
  readModel: CullReadModel<Tx>;
  /** Where the photos go. */
  blobs: BlobStore;
  close(): Promise<void>;
}

export function openSqliteBackend(): Backend<SqliteDatabase> & { store: SqliteEventStore; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'cull-log-records-'));
  const store = openSqliteEventStore({ file: join(dir, 'records.db') });
  const readModel = openSqliteReadModel({ database: store.database });
  return {
    dir,
    store,
    readModel,
    blobs: openFileBlobStore({ directory: join(dir, 'blobs') }),
    async close() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A clock the test moves by hand. */
/**
 * When the harness's clock starts: after every date its suites give a record, as a record dated later than it is made
 * is refused.
 */
export const CLOCK_START = '2026-11-05T09:00:00.000Z';

export function manualClock(start = CLOCK_START) {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current = new Date(current.getTime() + ms);
    },
  };
}

export interface HarnessOptions<Tx> {
  backend: Backend<Tx>;
  /** Replaces the backend's store as the app sees it (to simulate failures). */
  store?: EventStore<Tx>;
  readModel?: CullReadModel<Tx>;
  logDestination?: DestinationStream;
  onAppended?: (result: AppendResult) => void;
  eraseWithBus?: RecordsAppDeps<Tx>['eraseWithBus'];
  /** How the app makes ids (random unless given). */
  newId?: () => string;
}

export function createHarness<Tx>({
  backend,
  store,
  readModel,
  logDestination,
  onAppended,
  eraseWithBus,
  newId,
}: HarnessOptions<Tx>) {
  const clock = manualClock();
  // Routes may raise their own log level (the probes log at warn), so quiet tests need a sink, not a level.
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  const logger = pino({ level: 'info' }, logDestination ?? sink);
  const app = buildApp({
    store: store ?? backend.store,
    readModel: readModel ?? backend.readModel,
    blobs: backend.blobs,
    logger,
    internalAuthPublicKey: TEST_PUBLIC_KEY,
    invitationSecret: TEST_INVITATION_SECRET,
    now: clock.now,
    onAppended,
    ...(eraseWithBus === undefined ? {} : { eraseWithBus }),
    ...(newId === undefined ? {} : { newId }),
  });

  /** Sends a request as `user`, signed the way the gateway signs it. */
  function call(
    user: Identity,
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const payload = body as InjectOptions['payload'] | undefined;
    const identity = signedIdentity('records', user, { method, url, payload, now: clock.now() });
    const options: InjectOptions = { method, url, headers: { [IDENTITY_HEADER]: identity, ...headers } };
    if (payload !== undefined) options.payload = payload;
    return app.inject(options);
  }

  return { app, clock, call, backend };
}

/** A complete, valid create body; override fields per test. */
export function cullBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    date: '2025-02-14',
    time: '06:30',
    location_name: 'Ashdown Forest, north block',
    grid_ref: 'TQ 432 315',
    latitude: 51.07,
    longitude: 0.04,
    species: 'Roe Deer',
    sex: 'Female',
    age_estimate: 'Adult',
    weight: 14.5,
    condition: 'Good',
    antlers_present: false,
    shot_placement: 'Heart/Lung',
    shot_distance: '120 metres',
    notes: 'Clean kill',
    ...overrides,
  };
}

/**
 * A fresh backend and app for each test of the suite it is called in, both closed after the test: read
 * `per.backend` and `per.harness` inside the tests.
 */
export function harnessPerTest<Tx>(openBackend: () => Promise<Backend<Tx>>) {
  const per = {} as { backend: Backend<Tx>; harness: ReturnType<typeof createHarness<Tx>> };
  beforeEach(async () => {
    per.backend = await openBackend();
    per.harness = createHarness({ backend: per.backend });
  });
  afterEach(async () => {
    await per.harness.app.close();
    await per.backend.close();
  });
  return per;
}
