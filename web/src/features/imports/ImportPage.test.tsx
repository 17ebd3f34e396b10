import {
  IMPORT_MESSAGES,
  IMPORT_UPLOAD_TOO_LARGE,
  type ImportPreview,
  type ImportSummary,
} from '@cull-log/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, deferred, fakeApi, json, USER, type FakeApi } from '../../testing/fake-api';
import { fakeUploads, type SentUpload } from '../../testing/fake-upload';
import { renderApp } from '../../testing/render-app';
import { choiceList, choose } from '../../testing/ui';

const PREVIEW_ID = '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b';
const OTHER_PREVIEW_ID = '7a2b3c4d-5e6f-4a1b-8c9d-0e1f2a3b4c5d';

const FIRST_LIGHT_HEADER = [
  'Date',
  'Time',
  'Species',
  'Sex',
  'Location',
  'Ground',
  'Weight(kg)',
  'Tag',
  'Calibre',
  'Distance(m)',
  'Placement',
  'Age class',
  'Shooter',
  'Destination',
  'Notes',
];

function preview(overrides: Partial<ImportPreview> = {}): ImportPreview {
  return {
    id: PREVIEW_ID,
    file_name: 'diary.csv',
    format: 'csv',
    layout: 'first-light',
    encoding: 'utf-8',
    delimiter: ',',
    sheets: [],
    sheet: null,
    columns: FIRST_LIGHT_HEADER,
    mapping: [],
    defaults: {},
    defaults_needed: [],
    rows_total: 415,
    rows_ready: 412,
    rows_refused: [],
    adjusted: [],
    duplicates: 3,
    warnings: [],
    expires_at: '2026-11-28T09:00:00.000Z',
    ...overrides,
  };
}

/** A file of the user's own columns, which the server guessed Date, Deer and weight in lb for. */
const OWN_COLUMNS = ['When', 'Deer', 'Wt', 'Where'];
const guessed: ImportPreview['mapping'] = [
  { column: 0, header: 'When', field: 'date', date_order: 'dmy' },
  { column: 1, header: 'Deer', field: 'species' },
  { column: 2, header: 'Wt', field: null },
  { column: 3, header: 'Where', field: 'location_name' },
];
const ownColumns = (overrides: Partial<ImportPreview> = {}) =>
  preview({
    file_name: 'my-culls.xlsx',
    format: 'xlsx',
    layout: 'mapped',
    encoding: undefined,
    delimiter: undefined,
    sheets: ['Culls'],
    sheet: 'Culls',
    columns: OWN_COLUMNS,
    mapping: guessed,
    rows_total: 12,
    rows_ready: 12,
    duplicates: 0,
    ...overrides,
  });

function summary(overrides: Partial<ImportSummary> = {}): ImportSummary {
  return {
    id: PREVIEW_ID,
    file_name: 'diary.csv',
    format: 'csv',
    layout: 'first-light',
    status: 'imported',
    created_at: '2026-11-27T09:00:00.000Z',
    imported_at: '2026-11-27T09:01:00.000Z',
    rows_ready: 412,
    imported: 412,
    skipped_duplicates: 3,
    undo_blocked: null,
    ...overrides,
  };
}

function signedIn(imports: ImportSummary[] = []): FakeApi {
  return fakeApi()
    .signedInAs()
    .on('GET /api/imports', () => json({ items: imports }));
}

const csv = (name = 'diary.csv') =>
  new File(['Date,Time,Species\n2026-11-02,07:15,Roe Deer\n'], name, { type: 'text/csv' });

async function chooseFile(user: ReturnType<typeof userEvent.setup>, file: File) {
  await user.upload(await screen.findByLabelText(/^Choose (a|another) file$/), file);
}

/** Answers an upload from outside React's own events, as the network does. */
const answer = (upload: SentUpload, status: number, body: unknown) => act(() => upload.respond(status, body));

describe('choosing a file', () => {
  it('uploads it with a bar that follows the upload, then moves the focus to the preview', async () => {
    signedIn();
    const uploads = fakeUploads();
    const user = userEvent.setup();
    await renderApp('/import');
    expect(await screen.findByRole('heading', { level: 1, name: 'Import records' })).toBeInTheDocument();

    await chooseFile(user, csv());
    const upload = uploads.last();
    expect(upload.method).toBe('POST');
    expect(upload.url).toBe('/api/imports');
    expect(upload.file().name).toBe('diary.csv');
    expect(upload.field('mapping')).toBeUndefined();

    act(() => upload.progress(40, 100));
    expect(screen.getByRole('progressbar', { name: 'Uploading: 40%' })).toHaveAttribute('value', '40');
    act(() => upload.progress(100, 100));
    expect(screen.getByRole('progressbar', { name: 'Reading the file...' })).toBeInTheDocument();

    await answer(upload, 200, preview());
    const heading = await screen.findByRole('heading', { name: 'What will import from diary.csv' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText(/Recognised as a First Light Cull Diary export \(CSV\)/)).toBeInTheDocument();
    const counts = screen.getByText(/ready to import/).closest('ul')!;
    expect(counts).toHaveTextContent('412 rows ready to import');
    expect(counts).toHaveTextContent('3 rows already in Cull Log, which will be skipped');
    expect(screen.getByRole('button', { name: 'Import 412 records' })).toBeEnabled();
  });

  it('says a file too large to upload is too large, and moves the focus to the message', async () => {
    signedIn();
    const uploads = fakeUploads();
    const user = userEvent.setup();
    await renderApp('/import');
    await chooseFile(user, csv('huge.csv'));
    // A proxy's own 413 is a page, not the API's JSON.
    await answer(uploads.last(), 413, '<html><body>Request Entity Too Large</body></html>');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This file is too large to import.');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(screen.queryByRole('heading', { name: /What will import/ })).toBeNull();
  });

  it("says in the server's words that a file is too large", async () => {
    signedIn();
    const uploads = fakeUploads();
    const user = userEvent.setup();
    await renderApp('/import');
    await chooseFile(user, csv('huge.csv'));
    await answer(uploads.last(), 413, {
      error: { code: 'payload_too_large', message: IMPORT_UPLOAD_TOO_LARGE },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(IMPORT_UPLOAD_TOO_LARGE);
  });

  it("shows the server's message for a file it cannot read", async () => {
    signedIn();
    const uploads = fakeUploads();
    const user = userEvent.setup();
    await renderApp('/import');
    await chooseFile(user, csv('photo.csv'));
    await answer(uploads.last(), 400, {
      error: {
        code: 'validation_failed',
        message: 'This file is not a spreadsheet: choose a CSV, XLSX or ODS file.',
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This file is not a spreadsheet: choose a CSV, XLSX or ODS file.',
    );
  });

  it('says when the server could not be reached', async () => {
    signedIn();
    const uploads = fakeUploads();
    const user = userEvent.setup();
    await renderApp('/import');
    await chooseFile(user, csv());
    act(() => uploads.last().fail());
    expect(await screen.findByRole('alert')).toHaveTextContent('The server could not be reached');
  });
});

describe('the preview', () => {
  it('lists every refused row with its column and reason, a page at a time', async () => {
    signedIn();
    const refused = Array.from({ length: 60 }, (_, index) => ({
      row: index + 2,
      column: index % 2 === 0 ? 'Species' : null,
      reason:
        index % 2 === 0 ? `Species is not one Cull Log knows (${index})` : `Date is in the future (${index})`,
    }));
    fakeUploads((upload) =>
      upload.respond(
        200,
        preview({
          rows_ready: 355,
          duplicates: 0,
          rows_refused: refused,
          adjusted: [
            { row: 2, column: 'Species', from: 'Fallow', to: 'Fallow Deer' },
            { row: 5, column: 'Species', from: 'Fallow', to: 'Fallow Deer' },
            { row: 7, column: 'Placement', from: 'Heart / Lung', to: 'Heart/Lung' },
          ],
          warnings: [
            {
              row: 9,
              code: 'close_season',
              message: 'Roe bucks may not be culled from 1 November to 31 March.',
            },
            { row: 9, code: 'calibre', message: 'Roe need at least .220 calibre and 1,000 ft-lb.' },
          ],
        }),
      ),
    );
    const user = userEvent.setup();
    await renderApp('/import');
    await chooseFile(user, csv());

    const table = await screen.findByRole('table', { name: 'Rows that will not import, page 1 of 3' });
    expect(screen.getByRole('heading', { name: 'Rows that will not import (60)' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Row', 'Column', 'Reason']);
    let rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(25);
    expect(rows[0]).toHaveTextContent('2SpeciesSpecies is not one Cull Log knows (0)');
    expect(rows[1]).toHaveTextContent('3Whole rowDate is in the future (1)');
    expect(screen.getByText(/ready to import/).closest('ul')).toHaveTextContent('60 rows will not import');

    const pages = screen.getByRole('navigation', { name: 'Pages of rows that will not import' });
    expect(within(pages).getByText('Page 1 of 3')).toBeInTheDocument();
    await user.click(within(pages).getByRole('button', { name: 'Last page' }));
    rows = within(screen.getByRole('table', { name: /Rows that will not import/ }))
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(10);
    expect(rows.at(-1)).toHaveTextContent('61Whole rowDate is in the future (59)');

    const adjusted = screen.getByRole('table', {
      name: 'Values changed, with the rows they were changed on',
    });
    expect(within(adjusted).getByRole('row', { name: /Fallow → Fallow Deer/ })).toHaveTextContent(
      'Species2 rows',
    );
    expect(within(adjusted).getByRole('row', { name: /Heart \/ Lung → Heart\/Lung/ })).toHaveTextContent(
      'Placement1 row',
    );

    const warnings = screen.getByRole('table', { name: 'Warnings' });
    expect(screen.getByRole('heading', { name: /Warnings on 1 row/ })).toBeInTheDocument();
    const row9 = within(warnings).getByRole('row', { name: /^9/ });
    expect(within(row9).getAllByRole('listitem')).toHaveLength(2);
    expect(row9).toHaveTextContent('Roe bucks may not be culled from 1 November to 31 March.');
    expect(screen.getByRole('button', { name: 'Import 355 records' })).toBeEnabled();
  });

  it('offers the sheets of a workbook and reads the one chosen', async () => {
    signedIn();
    const uploads = fakeUploads((upload) => {
      const sheet = upload.field('sheet');
      upload.respond(
        200,
        ownColumns({ sheets: ['Notes', 'Culls'], sheet: typeof sheet === 'string' ? sheet : 'Notes' }),
      );
    });
    const user = userEvent.setup();
    await renderApp('/import');
    await chooseFile(user, new File(['x'], 'my-culls.xlsx'));
    await screen.findByText(/sheet Notes/);
    await choose(user, 'Sheet', 'Culls');
    await screen.findByText(/sheet Culls/);
    expect(uploads.last().field('sheet')).toBe('Culls');
    expect(uploads.last().field('mapping')).toBeUndefined();
  });
});

describe('the mapping', () => {
  it("shows a file of the user's own columns with the server's guess, and Apply sends the file again with the change", async () => {
    signedIn();
    const uploads = fakeUploads((upload) => {
      const mapping = upload.field('mapping') as ImportPreview['mapping'] | undefined;
      upload.respond(
        200,
        mapping === undefined
          ? ownColumns({
              rows_ready: 0,
              rows_refused: [{ row: 2, column: 'Wt', reason: 'Weight is required' }],
            })
          : ownColumns({ id: OTHER_PREVIEW_ID, mapping, rows_ready: 12 }),
      );
    });
    const user = userEvent.setup();
    await renderApp('/import');
    await chooseFile(user, new File(['x'], 'my-culls.xlsx'));
    await screen.findByText(/Recognised as your own columns \(XLSX, sheet Culls\)/);

    expect(choiceList('When').value).toBe('date');
    expect(choiceList('When: date order').value).toBe('dmy');
    expect(choiceList('Wt').value).toBe('leave-out');
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();

    await choose(user, 'Wt', 'Weight');
    await choose(user, 'Wt: unit', 'Pounds (lb)');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(uploads.sent).toHaveLength(2));
    expect(uploads.last().file().name).toBe('my-culls.xlsx');
    expect(uploads.last().field('mapping')).toEqual([
      guessed[0],
      guessed[1],
      { column: 2, header: 'Wt', field: 'weight', unit: 'lb' },
      guessed[3],
    ]);
    expect(await screen.findByRole('button', { name: 'Import 12 records' })).toBeEnabled();
    expect(screen.queryByRole('table', { name: 'Rows that will not import' })).toBeNull();
    expect(choiceList('Wt').value).toBe('weight');
  });

  it("keeps a recognised file's columns folded away until asked for", async () => {
    signedIn();
    fakeUploads((upload) =>
      upload.respond(
        200,
        preview({ mapping: FIRST_LIGHT_HEADER.map((header, column) => ({ column, header, field: null })) }),
      ),
    );
    const user = userEvent.setup();
    await renderApp('/import');
    await chooseFile(user, csv());
    const toggle = await screen.findByRole('button', { name: 'Change how the columns are read' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide the columns' })).toHaveAttribute('aria-expanded', 'true');
    expect(choiceList('Weight(kg)')).toBeInTheDocument();
  });

  it('saves a mapping for the user on this device, and applies it by itself to the next file with the same columns', async () => {
    signedIn();
    const uploads = fakeUploads((upload) => {
      const mapping = upload.field('mapping') as ImportPreview['mapping'] | undefined;
      upload.respond(200, ownColumns(mapping === undefined ? {} : { id: OTHER_PREVIEW_ID, mapping }));
    });
    const user = userEvent.setup();
    await renderApp('/import');
    await chooseFile(user, new File(['x'], 'my-culls.xlsx'));
    await screen.findByText(/Recognised as your own columns/);

    await choose(user, 'Wt', 'Weight');
    await user.click(screen.getByRole('button', { name: 'Save this mapping' }));
    expect(
      await screen.findByText(
        'Mapping saved: the next file with these columns will be read this way on this device.',
      ),
    ).toBeInTheDocument();
    const withWeight = [
      ...guessed.slice(0, 2),
      { column: 2, header: 'Wt', field: 'weight', unit: 'kg' },
      guessed[3],
    ];
    const stored = JSON.parse(
      localStorage.getItem(`cull-log:import-mappings:${USER.uid}`) ?? 'null',
    ) as unknown;
    expect(stored).toEqual([{ header: OWN_COLUMNS, mapping: withWeight }]);
    // Saving a changed mapping applies it too.
    await waitFor(() => expect(uploads.sent).toHaveLength(2));
    expect(uploads.last().field('mapping')).toEqual(withWeight);

    // The next file: sent as it is, then at once again with the saved mapping.
    await chooseFile(user, new File(['y'], 'next-season.xlsx'));
    await waitFor(() => expect(uploads.sent).toHaveLength(4));
    expect(uploads.sent[2]!.field('mapping')).toBeUndefined();
    expect(uploads.sent[3]!.field('mapping')).toEqual(withWeight);
    expect(await screen.findByText('Your saved mapping for these columns was applied.')).toBeInTheDocument();
    expect(choiceList('Wt').value).toBe('weight');
    localStorage.clear();
  });

  it("keeps one user's saved mappings from another's", async () => {
    localStorage.setItem(
      'cull-log:import-mappings:someone-else',
      JSON.stringify([
        { header: OWN_COLUMNS, mapping: [{ column: 2, header: 'Wt', field: 'weight', unit: 'lb' }] },
      ]),
    );
    signedIn();
    const uploads = fakeUploads((upload) => upload.respond(200, ownColumns()));
    const user = userEvent.setup();
    await renderApp('/import');
    await chooseFile(user, new File(['x'], 'my-culls.xlsx'));
    await screen.findByText(/Recognised as your own columns/);
    expect(uploads.sent).toHaveLength(1);
    expect(screen.queryByText('Your saved mapping for these columns was applied.')).toBeNull();
    localStorage.clear();
  });
});

describe('values for every row', () => {
  it('asks for a value the file lacks, refusing the rows until one is chosen, then sends it with the file', async () => {
    signedIn();
    const uploads = fakeUploads((upload) => {
      const defaults = upload.field('defaults') as Record<string, string> | undefined;
      upload.respond(
        200,
        defaults?.condition === undefined
          ? preview({
              defaults_needed: ['condition'],
              rows_ready: 0,
              duplicates: 0,
              rows_refused: [
                { row: 2, column: 'Condition', reason: 'Condition is required: choose one for every row' },
                { row: 3, column: 'Condition', reason: 'Condition is required: choose one for every row' },
              ],
            })
          : preview({ id: OTHER_PREVIEW_ID, defaults: { condition: 'Good' }, rows_ready: 2, duplicates: 0 }),
      );
    });
    const user = userEvent.setup();
    await renderApp('/import');
    await chooseFile(user, csv());

    expect(await screen.findByRole('heading', { name: 'Values for every row' })).toBeInTheDocument();
    const condition = choiceList('Condition');
    expect(condition).toHaveAccessibleDescription(
      'Your file has no condition: every row takes the value you choose here. Until you choose one, those rows are refused.',
    );
    expect(screen.getByRole('button', { name: 'Import 0 records' })).toBeDisabled();
    expect(screen.getAllByText('Condition is required: choose one for every row')).toHaveLength(2);

    await choose(user, 'Condition', 'Good');
    await user.click(screen.getByRole('button', { name: 'Use for every row' }));
    await waitFor(() => expect(uploads.sent).toHaveLength(2));
    expect(uploads.last().field('defaults')).toEqual({ condition: 'Good' });
    expect(await screen.findByRole('button', { name: 'Import 2 records' })).toBeEnabled();
    expect(screen.queryByText('Condition is required: choose one for every row')).toBeNull();
    expect(choiceList('Condition').value).toBe('Good');
  });
});

describe('importing', () => {
  it('shows the import as the server writes it, then what was imported, and refreshes what the records move', async () => {
    const committed = deferred<Response>();
    let imported = 0;
    const api = signedIn()
      .on(`POST /api/imports/${PREVIEW_ID}/commit`, () => committed.promise)
      .on(`GET /api/imports/${PREVIEW_ID}`, () => {
        imported += 150;
        return json(summary({ status: 'importing', imported_at: null, imported, skipped_duplicates: 0 }));
      });
    fakeUploads((upload) => upload.respond(200, preview()));
    const user = userEvent.setup();
    const { queryClient } = await renderApp('/import');
    queryClient.setQueryData(['culls', 'list'], { items: [], total: 0 });
    queryClient.setQueryData(['stats', 'season'], {});
    await chooseFile(user, csv());

    await user.click(await screen.findByRole('button', { name: 'Import 412 records' }));
    expect(api.callsTo(`POST /api/imports/${PREVIEW_ID}/commit`)).toHaveLength(1);
    expect(
      await screen.findByRole('progressbar', { name: 'Importing: 150 of 412 records' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 412 records' })).toBeDisabled();
    // Read again every second while it runs.
    expect(
      await screen.findByRole('progressbar', { name: 'Importing: 300 of 412 records' }, { timeout: 3000 }),
    ).toHaveAttribute('value', '300');

    await act(async () => committed.resolve(json({ imported: 412, skipped_duplicates: 3 })));
    const result = await screen.findByText('412 records imported, 3 already in Cull Log');
    await waitFor(() => expect(result.closest('[tabindex="-1"]')).toHaveFocus());
    expect(screen.getByRole('link', { name: 'See your records' })).toHaveAttribute('href', '/data');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(queryClient.getQueryState(['culls', 'list'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['stats', 'season'])?.isInvalidated).toBe(true);
    const polls = api.callsTo(`GET /api/imports/${PREVIEW_ID}`).length;
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(api.callsTo(`GET /api/imports/${PREVIEW_ID}`)).toHaveLength(polls);

    await user.click(screen.getByRole('button', { name: 'Import another file' }));
    expect(screen.getByLabelText('Choose a file')).toHaveFocus();
    expect(screen.queryByRole('heading', { name: /What will import/ })).toBeNull();
  });

  it('finishes from the progress read when the answer to a long import is lost on the way', async () => {
    let polls = 0;
    signedIn()
      .on(`POST /api/imports/${PREVIEW_ID}/commit`, () => Promise.reject(new TypeError('Failed to fetch')))
      .on(`GET /api/imports/${PREVIEW_ID}`, () => {
        polls += 1;
        return json(
          polls < 2
            ? summary({ status: 'importing', imported_at: null, imported: 200, skipped_duplicates: 0 })
            : summary(),
        );
      });
    fakeUploads((upload) => upload.respond(200, preview()));
    const user = userEvent.setup();
    await renderApp('/import');
    await chooseFile(user, csv());
    await user.click(await screen.findByRole('button', { name: 'Import 412 records' }));
    expect(
      await screen.findByText('412 records imported, 3 already in Cull Log', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/The import failed/)).toBeNull();
  });

  it("says why an import was refused, in the server's words", async () => {
    signedIn().on(`POST /api/imports/${PREVIEW_ID}/commit`, () =>
      apiError(404, 'not_found', IMPORT_MESSAGES.notFound),
    );
    fakeUploads((upload) => upload.respond(200, preview()));
    const user = userEvent.setup();
    await renderApp('/import');
    await chooseFile(user, csv());
    await user.click(await screen.findByRole('button', { name: 'Import 412 records' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `The import failed: ${IMPORT_MESSAGES.notFound}`,
    );
    expect(screen.getByRole('button', { name: 'Import 412 records' })).toBeEnabled();
  });
});

describe('your imports', () => {
  const blocked = summary({
    id: OTHER_PREVIEW_ID,
    file_name: 'old-diary.csv',
    created_at: '2026-10-01T09:00:00.000Z',
    imported_at: '2026-10-01T09:02:00.000Z',
    imported: 20,
    skipped_duplicates: 0,
    undo_blocked: 'A record of it (Roe Deer at Top Field, 02/11/2026) was changed on 05/11/2026.',
  });

  it('lists them with the date, status and records, and says why one cannot be undone', async () => {
    signedIn([
      summary(),
      blocked,
      summary({ id: crypto.randomUUID(), file_name: 'looked-at.csv', status: 'previewed' }),
    ]);
    await renderApp('/import');
    const list = await screen.findByRole('list', { name: 'Your imports' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['diary.csv', 'old-diary.csv']);
    expect(items[0]).toHaveTextContent('Date27/11/2026');
    expect(items[0]).toHaveTextContent('StatusImported');
    expect(items[0]).toHaveTextContent('Records412');
    expect(within(items[0]!).getByRole('button', { name: 'Undo import of diary.csv' })).toBeInTheDocument();
    expect(within(items[1]!).queryByRole('button')).toBeNull();
    expect(items[1]).toHaveTextContent(`Cannot be undone: ${blocked.undo_blocked}`);
  });

  it('follows an import still being written until it is done', async () => {
    let reads = 0;
    signedIn().on('GET /api/imports', () => {
      reads += 1;
      return json({
        items: [
          reads < 2
            ? summary({ status: 'importing', imported_at: null, imported: 150, skipped_duplicates: 0 })
            : summary(),
        ],
      });
    });
    await renderApp('/import');
    const item = await screen.findByRole('listitem', { name: 'diary.csv' });
    expect(item).toHaveTextContent('StatusImporting');
    expect(item).toHaveTextContent('Records150');
    expect(within(item).queryByRole('button')).toBeNull();
    await waitFor(() => expect(item).toHaveTextContent('StatusImported'), { timeout: 3000 });
    expect(item).toHaveTextContent('Records412');
    expect(within(item).getByRole('button', { name: 'Undo import of diary.csv' })).toBeInTheDocument();
  });

  it('undoes one after a confirmation, and says how many records went', async () => {
    let items = [summary()];
    const api = signedIn()
      .on('GET /api/imports', () => json({ items }))
      .on(`DELETE /api/imports/${PREVIEW_ID}`, () => {
        items = [summary({ status: 'undone' })];
        return json({ removed: 412 });
      });
    const user = userEvent.setup();
    const { queryClient } = await renderApp('/import');
    queryClient.setQueryData(['culls', 'list'], { items: [], total: 0 });
    await user.click(await screen.findByRole('button', { name: 'Undo import of diary.csv' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Undo this import?' });
    expect(dialog).toHaveTextContent(
      'The 412 records imported from diary.csv will be removed from Cull Log.',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Undo import' }));

    expect(await screen.findByText('Import of diary.csv undone: 412 records removed')).toBeInTheDocument();
    expect(api.callsTo(`DELETE /api/imports/${PREVIEW_ID}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Import records' })).toHaveFocus(),
    );
    const item = await screen.findByRole('listitem', { name: 'diary.csv' });
    await waitFor(() => expect(item).toHaveTextContent('StatusUndone'));
    expect(item).toHaveTextContent('Records removed412');
    expect(within(item).queryByRole('button')).toBeNull();
    expect(queryClient.getQueryState(['culls', 'list'])?.isInvalidated).toBe(true);
  });

  it("shows the server's reason when a record changed since, and removes nothing", async () => {
    const changedSince = IMPORT_MESSAGES.changedSince(1, ['14/02/2025 Roe Deer, Ashdown']);
    const api = signedIn([summary()]).on(`DELETE /api/imports/${PREVIEW_ID}`, () =>
      apiError(409, 'changed_since', changedSince),
    );
    const user = userEvent.setup();
    await renderApp('/import');
    await user.click(await screen.findByRole('button', { name: 'Undo import of diary.csv' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Undo import' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(`The import was not undone: ${changedSince}`);
    expect(api.callsTo(`DELETE /api/imports/${PREVIEW_ID}`)).toHaveLength(1);
    // The list is read again, to show what the server now says of it.
    await waitFor(() => expect(api.callsTo('GET /api/imports').length).toBeGreaterThan(1));
  });
});

describe('reaching the screen', () => {
  it('is in the menu beside the other pages', async () => {
    signedIn();
    await renderApp('/import');
    const menu = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(menu).findByRole('link', { name: 'Import' })).toHaveAttribute('href', '/import');
  });
});
