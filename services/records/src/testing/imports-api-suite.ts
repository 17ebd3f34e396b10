import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  IMPORT_UPLOAD_TOO_LARGE,
  ImportCommitResponse,
  ImportPreview,
  ImportSummary,
  ListImportsResponse,
  UndoImportResponse,
  type Cull,
  type CullFields,
  type ListCullsResponse,
} from '@cull-log/contracts';
import { ALICE, BOB, createHarness, cullBody, type Backend } from './records-harness';
import { exportCsv, multipartForm } from './import-files';
import { STALE_COMMIT_MS } from '../imports/import-service';
import { fixture, xlsxParts, zeros, zipOf } from '../imports/read/test-files';

/** Three culls of Alice's notebook, each a different cull. */
const NOTEBOOK: CullFields[] = [
  cullBody({ date: '2025-02-14', time: '06:30', carcass_tag: 'AF-001' }) as CullFields,
  cullBody({
    date: '2025-03-02',
    time: '07:15',
    species: 'Fallow Deer',
    sex: 'Male',
    carcass_tag: 'AF-002',
  }) as CullFields,
  cullBody({
    date: '2025-03-09',
    time: '17:40',
    species: 'Muntjac',
    weight: 11.2,
    carcass_tag: 'AF-003',
  }) as CullFields,
];
/** Two more, for a file that overlaps the first. */
const LATER: CullFields[] = [
  cullBody({
    date: '2025-04-20',
    time: '05:55',
    species: 'Roe Deer',
    sex: 'Male',
    carcass_tag: 'AF-004',
  }) as CullFields,
  cullBody({
    date: '2025-05-01',
    time: '05:20',
    species: 'Roe Deer',
    sex: 'Male',
    carcass_tag: 'AF-005',
  }) as CullFields,
];

/** The import routes, against one store's backend. */
export function describeImportsApi<Tx>(backendName: string, openBackend: () => Promise<Backend<Tx>>): void {
  describe(`the import routes on ${backendName}`, () => {
    let backend: Backend<Tx>;
    let harness: ReturnType<typeof createHarness<Tx>>;

    beforeEach(async () => {
      backend = await openBackend();
      harness = createHarness({ backend });
    });

    afterEach(async () => {
      await harness.app.close();
      await backend.close();
    });

    /** `null` for a form without a file. */
    function upload(
      user: typeof ALICE,
      file: NonNullable<Parameters<typeof multipartForm>[0]> | null,
      fields: Record<string, string> = {},
    ) {
      const { payload, headers } = multipartForm(file ?? undefined, fields);
      return harness.call(user, 'POST', '/imports', payload, headers);
    }

    async function previewOf(csv: string, user = ALICE): Promise<ImportPreview> {
      const response = await upload(user, { name: 'notebook.csv', bytes: csv });
      expect(response.statusCode, response.body).toBe(200);
      return ImportPreview.parse(response.json());
    }

    async function records(user = ALICE): Promise<Cull[]> {
      const response = await harness.call(user, 'GET', '/culls?page_size=100');
      return (response.json() as ListCullsResponse).items;
    }

    const commit = (id: string, user = ALICE) => harness.call(user, 'POST', `/imports/${id}/commit`);

    it('a preview reads every row and writes no record, only the pending import', async () => {
      const preview = await previewOf(exportCsv(NOTEBOOK));

      expect(preview).toMatchObject({
        file_name: 'notebook.csv',
        format: 'csv',
        layout: 'cull-log',
        rows_total: 3,
        rows_ready: 3,
        rows_refused: [],
        duplicates: 0,
        defaults_needed: [],
      });
      expect(await records()).toEqual([]);
      expect(await backend.store.headPosition()).toBe(0);
      const summary = ImportSummary.parse(
        (await harness.call(ALICE, 'GET', `/imports/${preview.id}`)).json(),
      );
      expect(summary).toMatchObject({ status: 'previewed', imported: 0, rows_ready: 3 });
      expect(summary.undo_blocked).toBe(IMPORT_MESSAGES.notImported);
    });

    it('a commit writes each ready row as an ordinary record, its events saying where it came from', async () => {
      const preview = await previewOf(exportCsv(NOTEBOOK));

      const response = await commit(preview.id);

      expect(response.statusCode, response.body).toBe(200);
      expect(ImportCommitResponse.parse(response.json())).toEqual({ imported: 3, skipped_duplicates: 0 });
      const imported = await records();
      expect(imported.map((record) => record.carcass_tag).sort()).toEqual(['AF-001', 'AF-002', 'AF-003']);
      const muntjac = imported.find((record) => record.carcass_tag === 'AF-003')!;
      expect(muntjac).toMatchObject({ date: '2025-03-09', time: '17:40', species: 'Muntjac', weight: 11.2 });
      const events = await backend.store.readAll(0, 100);
      expect(new Set(events.map((event) => event.type))).toEqual(new Set(['cull.recorded.v2']));
      expect(events.map((event) => event.meta)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ source: { import_id: preview.id, row: 2 } }),
          expect.objectContaining({ source: { import_id: preview.id, row: 4 } }),
        ]),
      );
      const summary = ImportSummary.parse(
        (await harness.call(ALICE, 'GET', `/imports/${preview.id}`)).json(),
      );
      expect(summary).toMatchObject({
        status: 'imported',
        imported: 3,
        skipped_duplicates: 0,
        undo_blocked: null,
      });
      expect(summary.imported_at).not.toBeNull();
    });

    it('the same file again adds nothing, and an overlapping one adds only its new rows', async () => {
      await commit((await previewOf(exportCsv(NOTEBOOK))).id);

      const again = await previewOf(exportCsv(NOTEBOOK));
      expect(again).toMatchObject({ rows_total: 3, rows_ready: 0, duplicates: 3 });
      expect((await commit(again.id)).json()).toEqual({ imported: 0, skipped_duplicates: 3 });

      const overlapping = await previewOf(exportCsv([...NOTEBOOK.slice(1), ...LATER, LATER[0]!]));
      expect(overlapping).toMatchObject({ rows_total: 5, rows_ready: 2, duplicates: 3 });
      expect((await commit(overlapping.id)).json()).toEqual({ imported: 2, skipped_duplicates: 3 });
      expect(await records()).toHaveLength(5);
    });

    it('a commit is made once: again answers 409, and of two at once only one runs', async () => {
      const first = await previewOf(exportCsv(NOTEBOOK));
      expect((await commit(first.id)).statusCode).toBe(200);
      const twice = await commit(first.id);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().error).toMatchObject({
        code: 'already_imported',
        message: IMPORT_MESSAGES.alreadyImported,
      });

      const second = await previewOf(exportCsv(LATER));
      const outcomes = await Promise.all([commit(second.id), commit(second.id)]);
      expect(outcomes.map((outcome) => outcome.statusCode).sort()).toEqual([200, 409]);
      expect(await records()).toHaveLength(5);
    });

    it("an import's count rises batch by batch while it runs", async () => {
      const many = Array.from(
        { length: 1100 },
        (_, index) =>
          cullBody({
            date: new Date(Date.UTC(2024, 0, 1) + (index % 600) * 86_400_000).toISOString().slice(0, 10),
            carcass_tag: `P-${index}`,
          }) as CullFields,
      );
      const seen: Promise<number | undefined>[] = [];
      let importId = '';
      const watching = createHarness({
        backend,
        onAppended: () => {
          seen.push(backend.readModel.imports.get(ALICE.uid, importId).then((entry) => entry?.imported));
        },
      });
      const { payload, headers } = multipartForm({ name: 'many.csv', bytes: exportCsv(many) });
      const preview = ImportPreview.parse(
        (await watching.call(ALICE, 'POST', '/imports', payload, headers)).json(),
      );
      importId = preview.id;
      expect(preview.rows_ready).toBe(1100);

      const response = await watching.call(ALICE, 'POST', `/imports/${preview.id}/commit`);

      expect(response.json()).toEqual({ imported: 1100, skipped_duplicates: 0 });
      expect(await Promise.all(seen)).toEqual([500, 1000, 1100]);
      await watching.app.close();
    });

    it('a commit that fails part-way keeps what it wrote, and committing again adds only the rest', async () => {
      const many = Array.from(
        { length: 1100 },
        (_, index) =>
          cullBody({ date: '2024-10-01', time: '06:00', carcass_tag: `F-${index}` }) as CullFields,
      );
      let batches = 0;
      const failing = createHarness({
        backend,
        store: new Proxy(backend.store, {
          get(target, property, receiver) {
            if (property !== 'appendMany') return Reflect.get(target, property, receiver) as unknown;
            return (...args: Parameters<typeof target.appendMany>) => {
              batches += 1;
              return batches === 2 ? Promise.reject(new Error('disk full')) : target.appendMany(...args);
            };
          },
        }),
      });
      const { payload, headers } = multipartForm({ name: 'many.csv', bytes: exportCsv(many) });
      const preview = ImportPreview.parse(
        (await failing.call(ALICE, 'POST', '/imports', payload, headers)).json(),
      );

      expect((await failing.call(ALICE, 'POST', `/imports/${preview.id}/commit`)).statusCode).toBe(500);
      await failing.app.close();
      const stopped = ImportSummary.parse(
        (await harness.call(ALICE, 'GET', `/imports/${preview.id}`)).json(),
      );
      expect(stopped).toMatchObject({ status: 'previewed', imported: 500 });

      expect((await commit(preview.id)).json()).toEqual({ imported: 1100, skipped_duplicates: 500 });
      const undone = await harness.call(ALICE, 'DELETE', `/imports/${preview.id}`);
      expect(undone.json()).toEqual({ removed: 1100 });
    });

    it('a commit whose process ended is taken over by the next, once it has been silent for a while', async () => {
      const preview = await previewOf(exportCsv(NOTEBOOK));
      // As a commit leaves it when its process ends before it finishes.
      const claimedAt = harness.clock.now().toISOString();
      expect(await backend.readModel.imports.claim(ALICE.uid, preview.id, claimedAt, claimedAt)).toBe(true);

      const running = await commit(preview.id);
      expect(running.statusCode).toBe(409);
      expect(running.json().error.message).toBe(IMPORT_MESSAGES.importing);

      harness.clock.advance(STALE_COMMIT_MS + 1000);
      expect((await commit(preview.id)).json()).toEqual({ imported: 3, skipped_duplicates: 0 });
    });

    it("lists the user's imports newest first", async () => {
      const older = await previewOf(exportCsv(NOTEBOOK));
      harness.clock.advance(60_000);
      const newer = await previewOf(exportCsv(LATER));
      await commit(newer.id);

      const listed = ListImportsResponse.parse((await harness.call(ALICE, 'GET', '/imports')).json());
      expect(listed.items.map((item) => [item.id, item.status])).toEqual([
        [newer.id, 'imported'],
        [older.id, 'previewed'],
      ]);
      expect((await harness.call(BOB, 'GET', '/imports')).json()).toEqual({ items: [] });
    });

    it('an undo removes the whole batch, leaving the records made by hand', async () => {
      const byHand = (
        await harness.call(ALICE, 'POST', '/culls', cullBody({ notes: 'by hand' }))
      ).json() as Cull;
      const preview = await previewOf(exportCsv(NOTEBOOK));
      await commit(preview.id);

      const response = await harness.call(ALICE, 'DELETE', `/imports/${preview.id}`);

      expect(response.statusCode, response.body).toBe(200);
      expect(UndoImportResponse.parse(response.json())).toEqual({ removed: 3 });
      expect((await records()).map((record) => record.id)).toEqual([byHand.id]);
      const summary = ImportSummary.parse(
        (await harness.call(ALICE, 'GET', `/imports/${preview.id}`)).json(),
      );
      expect(summary).toMatchObject({ status: 'undone', undo_blocked: IMPORT_MESSAGES.alreadyUndone });
      expect((await harness.call(ALICE, 'DELETE', `/imports/${preview.id}`)).statusCode).toBe(409);
      // Undone, the file's rows are no longer there: importing it again brings them back.
      const again = await previewOf(exportCsv(NOTEBOOK));
      expect(again).toMatchObject({ rows_ready: 3, duplicates: 0 });
    });

    it('an undo after a record of the batch was amended answers 409 naming it, and removes nothing; one deleted since is simply gone', async () => {
      const preview = await previewOf(exportCsv(NOTEBOOK));
      await commit(preview.id);
      const [amended, deleted] = (await records()).sort((a, b) => a.date.localeCompare(b.date));
      await harness.call(ALICE, 'PATCH', `/culls/${amended!.id}`, { weight: 16 });

      const refused = await harness.call(ALICE, 'DELETE', `/imports/${preview.id}`);

      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('changed_since');
      expect(refused.json().error.message).toContain('one of its records has been changed');
      expect(refused.json().error.message).toContain('14/02/2025 Roe Deer');
      expect(await records()).toHaveLength(3);
      const summary = ImportSummary.parse(
        (await harness.call(ALICE, 'GET', `/imports/${preview.id}`)).json(),
      );
      expect(summary.undo_blocked).toBe(refused.json().error.message);

      // Amended back is still changed; deleted by the user is not: with the amended one deleted too, undo runs.
      await harness.call(ALICE, 'DELETE', `/culls/${amended!.id}`);
      await harness.call(ALICE, 'DELETE', `/culls/${deleted!.id}`);
      const undone = await harness.call(ALICE, 'DELETE', `/imports/${preview.id}`);
      expect(undone.statusCode, undone.body).toBe(200);
      expect(undone.json()).toEqual({ removed: 1 });
      expect(await records()).toEqual([]);
    });

    it("another user's import answers 404 on every route, and changes nothing", async () => {
      const preview = await previewOf(exportCsv(NOTEBOOK));
      for (const [method, url] of [
        ['GET', `/imports/${preview.id}`],
        ['POST', `/imports/${preview.id}/commit`],
        ['DELETE', `/imports/${preview.id}`],
      ] as const) {
        const response = await harness.call(BOB, method, url);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json().error.message).toBe(IMPORT_MESSAGES.notFound);
      }
      expect((await harness.call(ALICE, 'GET', `/imports/${preview.id}`)).json().status).toBe('previewed');
      expect((await harness.call(BOB, 'GET', '/imports/not-a-uuid')).statusCode).toBe(404);
      await commit(preview.id);
      expect((await harness.call(BOB, 'DELETE', `/imports/${preview.id}`)).statusCode).toBe(404);
      expect(await records()).toHaveLength(3);
    });

    it('a preview not imported in time is forgotten with its file', async () => {
      const preview = await previewOf(exportCsv(NOTEBOOK));
      expect(await backend.blobs.get(`users/${ALICE.uid}/imports/${preview.id}`)).toBeDefined();
      harness.clock.advance(IMPORT_LIMITS.previewHours * 3_600_000 + 1000);

      expect((await commit(preview.id)).statusCode).toBe(404);
      expect((await harness.call(ALICE, 'GET', `/imports/${preview.id}`)).statusCode).toBe(404);
      expect((await harness.call(ALICE, 'GET', '/imports')).json()).toEqual({ items: [] });
      expect(await backend.blobs.get(`users/${ALICE.uid}/imports/${preview.id}`)).toBeUndefined();
      expect(await records()).toEqual([]);
    });

    it('an imported file is not kept once its records are written', async () => {
      const preview = await previewOf(exportCsv(NOTEBOOK));
      await commit(preview.id);
      expect(await backend.blobs.get(`users/${ALICE.uid}/imports/${preview.id}`)).toBeUndefined();
    });

    it('bad uploads answer 400 in words and keep nothing', async () => {
      const cases: [string, Awaited<ReturnType<typeof upload>>, string][] = [
        ['an empty file', await upload(ALICE, { name: 'empty.csv', bytes: '' }), 'file'],
        [
          'a file that is not a spreadsheet',
          await upload(ALICE, {
            name: 'photo.png',
            type: 'image/png',
            bytes: Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'),
          }),
          'file',
        ],
        ['no file', await upload(ALICE, null, { sheet: '"Culls"' }), 'file'],
        [
          'options that are not JSON',
          await upload(
            ALICE,
            { name: 'notebook.csv', bytes: exportCsv(NOTEBOOK) },
            { mapping: '[{column: 0' },
          ),
          'mapping',
        ],
        [
          'options not of the shape',
          await upload(
            ALICE,
            { name: 'notebook.csv', bytes: exportCsv(NOTEBOOK) },
            {
              defaults: JSON.stringify({ condition: 'Splendid' }),
            },
          ),
          'defaults.condition',
        ],
        [
          'a field an import does not take',
          await upload(ALICE, { name: 'notebook.csv', bytes: exportCsv(NOTEBOOK) }, { owner: '"bob"' }),
          'owner',
        ],
      ];
      for (const [what, response, field] of cases) {
        expect(response.statusCode, `${what}: ${response.body}`).toBe(400);
        const { error } = response.json() as { error: { message: string; fields?: Record<string, string> } };
        expect(error.message.length, what).toBeGreaterThan(0);
        expect(Object.keys(error.fields ?? {}), what).toContain(field);
      }
      expect((await harness.call(ALICE, 'GET', '/imports')).json()).toEqual({ items: [] });
      expect(await backend.store.headPosition()).toBe(0);
    });

    it("refuses bad rows with their row, column and reason in the form's words, and imports only the good ones", async () => {
      const csv = exportCsv([
        NOTEBOOK[0]!,
        { ...NOTEBOOK[1]!, date: '1890-03-02' },
        { ...NOTEBOOK[2]!, date: '2026-12-25' },
        { ...LATER[0]!, notes: 'x'.repeat(1024 * 1024) },
        { ...LATER[1]!, weight: -3 },
      ]);
      const preview = await previewOf(csv);

      expect(preview).toMatchObject({ rows_total: 5, rows_ready: 1 });
      expect(preview.rows_refused.map((refusal) => [refusal.row, refusal.column])).toEqual([
        [3, 'Date'],
        [4, 'Date'],
        [5, null],
        [6, 'Weight'],
      ]);
      for (const refusal of preview.rows_refused) expect(refusal.reason.length).toBeGreaterThan(10);
      expect((await commit(preview.id)).json()).toEqual({ imported: 1, skipped_duplicates: 0 });
      expect((await records()).map((record) => record.carcass_tag)).toEqual(['AF-001']);
    });

    it('a formula cell refuses its row; a workbook that unpacks to far too much, or 200 columns, refuses the file', async () => {
      const formula = await upload(ALICE, {
        name: 'formula.xlsx',
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        bytes: readFileSync(fixture('formula.xlsx').path),
      });
      expect(formula.statusCode, formula.body).toBe(200);
      expect(ImportPreview.parse(formula.json()).rows_refused).toContainEqual(
        expect.objectContaining({ row: 3, reason: expect.stringMatching(/^A formula, not a value/) }),
      );

      const sheet =
        '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
        '<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Species</t></is></c></row></sheetData></worksheet>';
      const bomb = await zipOf({
        ...xlsxParts(sheet),
        'xl/media/padding.bin': zeros(IMPORT_LIMITS.maxUnpackedBytes + 1024 * 1024),
      });
      const wide = `${Array.from({ length: 200 }, (_, index) => `Column ${index + 1}`).join(',')}\r\n${'1,'.repeat(199)}1\r\n`;
      for (const [name, bytes, message] of [
        ['bomb.xlsx', bomb, /^This file unpacks to far more than a cull diary could hold/],
        ['wide.csv', Buffer.from(wide), /200 columns/],
      ] as const) {
        const response = await upload(ALICE, { name, bytes });
        expect(response.statusCode, `${name}: ${response.body}`).toBe(400);
        expect(response.json().error.fields.file).toMatch(message);
      }
      expect((await harness.call(ALICE, 'GET', '/imports')).json().items).toHaveLength(1);
      expect(await backend.store.headPosition()).toBe(0);
    }, 60_000);

    it('a file larger than an import takes answers 413 in words', async () => {
      const big = Buffer.alloc(IMPORT_LIMITS.maxUploadBytes + 1024, 'a');
      const response = await upload(ALICE, { name: 'huge.csv', bytes: big });
      expect(response.statusCode).toBe(413);
      expect(response.json().error.message).toBe(IMPORT_UPLOAD_TOO_LARGE);
      expect((await harness.call(ALICE, 'GET', '/imports')).json()).toEqual({ items: [] });
    });

    it("the account download lists the user's imports, how each read its file and the records it wrote", async () => {
      const pending = await previewOf(exportCsv(LATER));
      const made = await previewOf(exportCsv(NOTEBOOK));
      expect((await commit(made.id)).statusCode).toBe(200);

      const answer = await harness.call(ALICE, 'GET', '/account/imports.json');
      expect(answer.statusCode).toBe(200);
      const listed = answer.json() as Record<string, unknown>[];
      expect(listed.map((entry) => [entry.id, entry.status]).sort()).toEqual(
        [
          [made.id, 'imported'],
          [pending.id, 'previewed'],
        ].sort(),
      );
      const imported = listed.find((entry) => entry.id === made.id);
      expect(imported).toMatchObject({
        file_name: 'notebook.csv',
        format: 'csv',
        layout: 'cull-log',
        sheet: null,
        rows_ready: 3,
        imported: 3,
        skipped_duplicates: 0,
      });
      expect(imported).toHaveProperty('mapping');
      expect(imported).toHaveProperty('defaults');
      // Where the file is kept and whose it is are the service's business, not the user's.
      for (const entry of listed)
        for (const field of ['blob_key', 'user_id']) expect(entry).not.toHaveProperty(field);
      const written = new Set((await records()).map((record) => record.id));
      expect(new Set(imported?.record_ids as string[])).toEqual(written);
      expect(written.size).toBe(3);
      expect(listed.find((entry) => entry.id === pending.id)?.record_ids).toEqual([]);
      expect((await harness.call(BOB, 'GET', '/account/imports.json')).json()).toEqual([]);
    });

    it("an erasure takes the user's imports and their kept files", async () => {
      const kept = await previewOf(exportCsv(LATER));
      await commit((await previewOf(exportCsv(NOTEBOOK))).id);

      expect((await harness.call(ALICE, 'DELETE', '/account')).statusCode).toBe(200);

      expect((await harness.call(ALICE, 'GET', '/imports')).json()).toEqual({ items: [] });
      expect(await backend.blobs.get(`imports/${kept.id}`)).toBeUndefined();
      expect(await records()).toEqual([]);
    });
  });
}
