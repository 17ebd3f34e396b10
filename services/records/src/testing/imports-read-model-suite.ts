import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isCullStreamEvent, type CullFields } from '@cull-log/contracts';
import { cullDecider, foldStream } from '@cull-log/domain';
import type { StoredImport } from '../imports/imports-read-model';
import { cullBody, type Backend } from './records-harness';

const USER = 'user-alice';
const OTHER = 'user-bob';

function pendingImport(overrides: Partial<StoredImport> = {}): StoredImport {
  const id = randomUUID();
  return {
    id,
    user_id: USER,
    file_name: 'notebook.csv',
    format: 'csv',
    layout: 'cull-log',
    sheet: null,
    mapping: [{ column: 0, header: 'Date', field: 'date' }],
    defaults: { condition: 'Good' },
    blob_key: `imports/${id}`,
    status: 'previewed',
    created_at: '2026-11-05T09:00:00.000Z',
    expires_at: '2026-11-06T09:00:00.000Z',
    imported_at: null,
    claimed_at: null,
    rows_ready: 2,
    imported: 0,
    skipped_duplicates: 0,
    ...overrides,
  };
}

/** The imports part of the read model, against one backend: every backend runs the same suite. */
export function describeImportsReadModel<Tx>(
  backendName: string,
  openBackend: () => Promise<Backend<Tx>>,
): void {
  describe(`the imports read model on ${backendName}`, () => {
    let backend: Backend<Tx>;

    beforeEach(async () => {
      backend = await openBackend();
    });
    afterEach(async () => {
      await backend.close();
    });

    /** A record written as an import writes it, noted against the import in the append's transaction. */
    async function importRecord(importId: string, fields: Partial<CullFields> = {}): Promise<string> {
      const cullId = randomUUID();
      const decision = cullDecider.decide(
        {
          type: 'RecordCull',
          cullId,
          fields: cullBody(fields) as CullFields,
          meta: {
            userId: USER,
            eventId: randomUUID(),
            occurredAt: '2026-11-05T09:00:00.000Z',
            correlationId: 'test',
            source: { import_id: importId, row: 2 },
          },
        },
        cullDecider.initialState,
      );
      if (!decision.ok) throw new Error('refused');
      await backend.store.appendMany(
        [{ streamId: cullId, expectedVersion: 0, events: decision.events }],
        (tx, stored) => {
          const applied = backend.readModel.apply(tx, stored);
          const note = () =>
            backend.readModel.imports.noteImported(
              tx,
              importId,
              [{ record_id: cullId, version: 1 }],
              '2026-11-05T09:00:00.000Z',
            );
          return applied instanceof Promise ? applied.then(note) : note();
        },
      );
      return cullId;
    }

    it("keeps an import as created, finds it only for its user, and lists the user's newest first", async () => {
      const imports = backend.readModel.imports;
      const older = pendingImport();
      const newer = pendingImport({ created_at: '2026-11-05T10:00:00.000Z' });
      await imports.create(older);
      await imports.create(newer);
      await imports.create(pendingImport({ user_id: OTHER }));

      expect(await imports.get(USER, older.id)).toEqual(older);
      expect(await imports.get(OTHER, older.id)).toBeUndefined();
      expect((await imports.list(USER)).map((entry) => entry.id)).toEqual([newer.id, older.id]);
    });

    it('lets exactly one claim a preview, and none once it has expired; a commit that stopped is taken over', async () => {
      const imports = backend.readModel.imports;
      const entry = pendingImport();
      await imports.create(entry);
      const now = '2026-11-05T12:00:00.000Z';
      const staleBefore = '2026-11-05T11:50:00.000Z';

      const claims = await Promise.all([
        imports.claim(USER, entry.id, now, staleBefore),
        imports.claim(USER, entry.id, now, staleBefore),
      ]);
      expect(claims.sort()).toEqual([false, true]);
      expect(await imports.claim(OTHER, entry.id, now, staleBefore)).toBe(false);
      // Still going ten minutes on: nobody else takes it; silent for longer, the next commit does.
      expect(
        await imports.claim(USER, entry.id, '2026-11-05T12:09:00.000Z', '2026-11-05T11:59:00.000Z'),
      ).toBe(false);
      expect(
        await imports.claim(USER, entry.id, '2026-11-05T12:11:00.000Z', '2026-11-05T12:01:00.000Z'),
      ).toBe(true);
      expect((await imports.get(USER, entry.id))?.claimed_at).toBe('2026-11-05T12:11:00.000Z');
      await imports.release(entry.id);
      expect(await imports.claim(USER, entry.id, '2026-11-06T09:00:00.000Z', staleBefore)).toBe(false);
      expect(await imports.expired('2026-11-06T09:00:00.000Z', 10)).toEqual([
        { id: entry.id, blob_key: entry.blob_key, imported: 0 },
      ]);
      await imports.remove([entry.id]);
      expect(await imports.get(USER, entry.id)).toBeUndefined();
    });

    it('notes the records written in the append, and tells which were changed or deleted since', async () => {
      const imports = backend.readModel.imports;
      const entry = pendingImport();
      await imports.create(entry);
      const first = await importRecord(entry.id, { date: '2025-02-14', carcass_tag: 'T-1' });
      const second = await importRecord(entry.id, { date: '2025-02-15' });
      expect((await imports.get(USER, entry.id))?.imported).toBe(2);
      expect(await imports.changedSince(entry.id)).toBe(0);

      const amended = cullDecider.decide(
        {
          type: 'AmendCull',
          cullId: first,
          changes: { weight: 20 },
          meta: {
            userId: USER,
            eventId: randomUUID(),
            occurredAt: '2026-11-05T10:00:00.000Z',
            correlationId: 't',
          },
        },
        foldStream(cullDecider, (await backend.store.readStream(first)).filter(isCullStreamEvent)),
      );
      if (!amended.ok) throw new Error('refused');
      await backend.store.append(first, 1, amended.events, (tx, stored) =>
        backend.readModel.apply(tx, stored),
      );

      expect(await imports.changedSince(entry.id)).toBe(1);
      const noted = await imports.importedRecords(entry.id, '', 10);
      expect(noted.sort((a, b) => a.record_id.localeCompare(b.record_id))).toEqual(
        [
          { record_id: first, version: 1, version_now: 2 },
          { record_id: second, version: 1, version_now: 1 },
        ].sort((a, b) => a.record_id.localeCompare(b.record_id)),
      );
      expect(await imports.onDates(USER, ['2025-02-14'])).toEqual([
        expect.objectContaining({ date: '2025-02-14', time: '06:30', carcass_tag: 'T-1' }),
      ]);
      expect(await imports.onDates(OTHER, ['2025-02-14'])).toEqual([]);
    });

    it("an erasure takes the user's imports and nobody else's", async () => {
      const imports = backend.readModel.imports;
      const mine = pendingImport();
      const theirs = pendingImport({ user_id: OTHER });
      await imports.create(mine);
      await imports.create(theirs);
      await importRecord(mine.id);

      await backend.store.eraseUser(USER, (tx, userId, limit) =>
        backend.readModel.eraseUser(tx, userId, limit),
      );

      expect(await imports.list(USER)).toEqual([]);
      expect(await imports.importedRecords(mine.id, '', 10)).toEqual([]);
      expect(await imports.get(OTHER, theirs.id)).toEqual(theirs);
    });
  });
}
