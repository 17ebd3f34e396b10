import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Cull } from '@cull-log/contracts';
import type { SqliteDatabase } from '@cull-log/eventstore';
import { multipartBody, phoneJpeg } from '../testing/photo-files';
import { ALICE, BOB, createHarness, cullBody, openSqliteBackend } from '../testing/records-harness';

/** Ids made one after another, so that a download is the same bytes on every run. */
function countingIds(): () => string {
  let made = 0;
  return () => {
    const hex = createHash('sha256')
      .update(String((made += 1)))
      .digest('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  };
}

const FILES = [
  'events.jsonl',
  'records.json',
  'records.csv',
  'grounds.json',
  'outings.json',
  'settings.json',
  'plans.json',
  'imports.json',
  'photos.json',
] as const;

describe("the account download's files, byte for byte", () => {
  let backend: ReturnType<typeof openSqliteBackend>;
  let harness: ReturnType<typeof createHarness<SqliteDatabase>>;

  beforeEach(() => {
    backend = openSqliteBackend();
    harness = createHarness({ backend, newId: countingIds() });
  });

  afterEach(async () => {
    await harness.app.close();
    await backend.close();
  });

  /** A few of everything a user keeps: grounds, outings, records (amended, deleted, with a photo), settings, plans. */
  async function seed() {
    let requests = 0;
    // Each request named (its id is the events' correlation id), and a minute after the one before.
    const call = async (
      user: typeof ALICE,
      method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
      url: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ) => {
      const requestId = `seed-${(requests += 1)}`;
      const response = await harness.call(user, method, url, body, { 'x-request-id': requestId, ...headers });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
      harness.clock.advance(60_000);
      return response;
    };
    const home = (await call(ALICE, 'POST', '/grounds', { name: 'Home Farm' })).json<{ id: string }>();
    const beech = (await call(ALICE, 'POST', '/grounds', { name: 'Beech Hanger' })).json<{ id: string }>();
    const outing = (
      await call(ALICE, 'POST', '/outings', {
        ground_id: home.id,
        started_at: '2025-02-14T06:05:00.000Z',
        ended_at: '2025-02-14T09:00:00.000Z',
      })
    ).json<{ id: string }>();
    await call(ALICE, 'POST', '/outings', { ground_id: beech.id, started_at: '2025-03-01T17:00:00.000Z' });
    const onGround = (
      await call(ALICE, 'POST', '/culls', cullBody({ ground_id: home.id, outing_id: outing.id, sex: 'Male' }))
    ).json<Cull>();
    const amended = (
      await call(ALICE, 'POST', '/culls', cullBody({ notes: '=formula, "quoted"', species: 'Fallow Deer' }))
    ).json<Cull>();
    const gone = (await call(ALICE, 'POST', '/culls', cullBody({ notes: 'gone' }))).json<Cull>();
    await call(ALICE, 'POST', '/culls', cullBody({ date: '2024-11-02', notes: 'Ünïcode — “quotes”' }));
    await call(ALICE, 'PATCH', `/culls/${amended.id}`, { weight: 20.5 });
    await call(ALICE, 'DELETE', `/culls/${gone.id}`);
    const photo = multipartBody([
      {
        filename: 'IMG_0001.jpg',
        contentType: 'image/jpeg',
        bytes: await phoneJpeg({ width: 640, height: 480 }),
      },
    ]);
    await call(ALICE, 'POST', `/culls/${onGround.id}/photos`, photo.payload, photo.headers);
    await call(ALICE, 'PATCH', '/settings', { season_start: '08-01' });
    await call(ALICE, 'PUT', '/plans/2026-27', {
      plans: [
        { ground_id: null, targets: [{ species: 'Roe Deer', class: 'Female', target: 6 }] },
        { ground_id: home.id, targets: [{ species: 'Roe Deer', class: 'Male', target: 2 }] },
      ],
    });
    await call(BOB, 'POST', '/culls', cullBody({ notes: 'bob' }));
  }

  // The files as the download wrote them before it streamed, kept beside this test: streaming changed no byte.
  it.each(FILES)('%s is the same bytes as before', async (file) => {
    await seed();
    const response = await harness.call(ALICE, 'GET', `/account/${file}`);
    expect(response.statusCode).toBe(200);
    await expect(response.body).toMatchFileSnapshot(`./__download__/${file}`);
  });

  it.each(FILES)('%s of a user with nothing is the same bytes as before', async (file) => {
    const response = await harness.call(BOB, 'GET', `/account/${file}`);
    expect(response.statusCode).toBe(200);
    await expect(response.body).toMatchFileSnapshot(`./__download__/empty-${file}`);
  });
});
