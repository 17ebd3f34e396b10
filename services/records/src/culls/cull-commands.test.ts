import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CommandMeta, CullEvent, CullFields } from '@cull-log/contracts';
import {
  VersionConflictError,
  type EventStore,
  type InTransaction,
  type SqliteDatabase,
} from '@cull-log/eventstore';
import { createCullCommandHandler } from './cull-commands';
import { cullBody, openSqliteBackend } from '../testing/records-harness';

const CULL_ID = '6a1f3a52-2d0e-4c57-9a41-0f3b8b3c0a11';
let eventCounter = 0;

function meta(userId = 'user-alice'): CommandMeta {
  eventCounter += 1;
  return {
    userId,
    eventId: `00000000-0000-4000-8000-${String(eventCounter).padStart(12, '0')}`,
    occurredAt: new Date(Date.UTC(2025, 2, 1, 9, 0, eventCounter)).toISOString(),
    correlationId: 'test',
  };
}

const fields = cullBody() as CullFields;

describe('cull command handler', () => {
  let backend: ReturnType<typeof openSqliteBackend>;

  beforeEach(() => {
    backend = openSqliteBackend();
  });

  afterEach(async () => {
    await backend.close();
  });

  /** The real store, with `beforeAppend` run ahead of each append (to play a concurrent writer). */
  function storeWith(
    beforeAppend: (attempt: number) => Promise<void>,
  ): EventStore<SqliteDatabase> & { appends: number } {
    const store = backend.store;
    const wrapped = {
      appends: 0,
      readStream: (streamId: string) => store.readStream(streamId),
      readAll: (after: number, limit: number) => store.readAll(after, limit),
      headPosition: () => store.headPosition(),
      readUser: (userId: string, after: number, limit: number) => store.readUser(userId, after, limit),
      eraseUser: (userId: string) => store.eraseUser(userId),
      eraseStreams: store.eraseStreams.bind(store),
      rewriteEvents: store.rewriteEvents.bind(store),
      appendMany: store.appendMany.bind(store),
      close: () => store.close(),
      async append(
        streamId: string,
        expectedVersion: number,
        events: CullEvent[],
        inTransaction?: InTransaction<SqliteDatabase>,
      ) {
        wrapped.appends += 1;
        await beforeAppend(wrapped.appends);
        return store.append(streamId, expectedVersion, events, inTransaction);
      },
    };
    return wrapped;
  }

  it('records, then answers with the record and the position of its event', async () => {
    const handle = createCullCommandHandler({ store: backend.store, readModel: backend.readModel });
    const outcome = await handle({ type: 'RecordCull', cullId: CULL_ID, fields, meta: meta() });
    expect(outcome.position).toBe(1);
    expect(outcome.record).toMatchObject({ ...fields, id: CULL_ID, created_by: 'user-alice', version: 1 });
    expect(await backend.readModel.get('user-alice', CULL_ID)).toEqual(outcome.record);
  });

  it('tells onAppended about every append, and not about a create that was already made', async () => {
    const appended: number[] = [];
    const handle = createCullCommandHandler({
      store: backend.store,
      readModel: backend.readModel,
      onAppended: (result) => appended.push(result.position),
    });
    await handle({ type: 'RecordCull', cullId: CULL_ID, fields, meta: meta() });
    await handle({ type: 'RecordCull', cullId: CULL_ID, fields, meta: meta() });
    await handle({ type: 'DeleteCull', cullId: CULL_ID, meta: meta() });
    expect(appended).toEqual([1, 2]);
  });

  it('retries once on fresh state when another writer got in first and no version was named', async () => {
    const plain = createCullCommandHandler({ store: backend.store, readModel: backend.readModel });
    await plain({ type: 'RecordCull', cullId: CULL_ID, fields, meta: meta() });
    const store = storeWith(async (attempt) => {
      if (attempt === 1)
        await plain({ type: 'AmendCull', cullId: CULL_ID, changes: { weight: 20 }, meta: meta() });
    });
    const handle = createCullCommandHandler({ store, readModel: backend.readModel });
    const outcome = await handle({
      type: 'AmendCull',
      cullId: CULL_ID,
      changes: { notes: 'late' },
      meta: meta(),
    });
    expect(store.appends).toBe(2);
    expect(outcome.record).toMatchObject({ weight: 20, notes: 'late', version: 3 });
  });

  it('does not retry when the caller named the version it expects', async () => {
    const plain = createCullCommandHandler({ store: backend.store, readModel: backend.readModel });
    await plain({ type: 'RecordCull', cullId: CULL_ID, fields, meta: meta() });
    const store = storeWith(async (attempt) => {
      if (attempt === 1)
        await plain({ type: 'AmendCull', cullId: CULL_ID, changes: { weight: 20 }, meta: meta() });
    });
    const handle = createCullCommandHandler({ store, readModel: backend.readModel });
    const attempt = handle({
      type: 'AmendCull',
      cullId: CULL_ID,
      changes: { notes: 'late' },
      expectedVersion: 1,
      meta: meta(),
    });
    await expect(attempt).rejects.toMatchObject({
      name: 'CommandRejectedError',
      reason: { code: 'version_conflict' },
    });
    expect(store.appends).toBe(1);
    expect(await backend.readModel.get('user-alice', CULL_ID)).toMatchObject({ weight: 20, version: 2 });
  });

  it('gives up with a conflict after a second lost race', async () => {
    const store = storeWith(async () => {
      throw new VersionConflictError(CULL_ID, 0);
    });
    const handle = createCullCommandHandler({ store, readModel: backend.readModel });
    const attempt = handle({ type: 'RecordCull', cullId: CULL_ID, fields, meta: meta() });
    await expect(attempt).rejects.toMatchObject({
      name: 'CommandRejectedError',
      reason: { code: 'version_conflict' },
    });
    expect(store.appends).toBe(2);
  });

  it('writes nothing when the read model update fails', async () => {
    const handle = createCullCommandHandler({
      store: backend.store,
      readModel: {
        apply() {
          throw new Error('disk full');
        },
      },
    });
    await expect(handle({ type: 'RecordCull', cullId: CULL_ID, fields, meta: meta() })).rejects.toThrow(
      'disk full',
    );
    expect(await backend.store.headPosition()).toBe(0);
    expect(await backend.readModel.get('user-alice', CULL_ID)).toBeUndefined();
  });

  it.each([
    ['amend', { type: 'AmendCull', cullId: CULL_ID, changes: { weight: 1 } }],
    ['delete', { type: 'DeleteCull', cullId: CULL_ID }],
  ] as const)("refuses to %s another user's record as not found", async (_name, command) => {
    const handle = createCullCommandHandler({ store: backend.store, readModel: backend.readModel });
    await handle({ type: 'RecordCull', cullId: CULL_ID, fields, meta: meta('user-alice') });
    await expect(handle({ ...command, meta: meta('user-bob') })).rejects.toMatchObject({
      name: 'CommandRejectedError',
      reason: { code: 'not_found' },
    });
    expect(await backend.store.headPosition()).toBe(1);
  });
});
