import { MESSAGES, type Cull } from '@cull-log/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json, makeCull, type FakeRequest } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';

/** A list endpoint over `records` that answers whatever page is asked for, like the records service. */
function serveList(records: Cull[]) {
  return ({ url }: FakeRequest) => {
    const page = Number(url.searchParams.get('page') ?? 1);
    const pageSize = Number(url.searchParams.get('page_size') ?? 10);
    const items = records.slice((page - 1) * pageSize, page * pageSize);
    return json({ items, total: records.length, page, page_size: pageSize });
  };
}

async function openData(records: Cull[]) {
  const api = fakeApi().signedInAs();
  api.on('GET /api/culls', serveList(records));
  const app = await renderApp('/data');
  await screen.findByRole('grid', { name: 'Cull records' });
  return { api, app, user: userEvent.setup({ delay: null }) };
}

const lastListQuery = (api: ReturnType<typeof fakeApi>) =>
  api.callsTo('GET /api/culls').at(-1)?.url.searchParams;

const cellTexts = (row: HTMLElement) => Array.from(row.children, (cell) => cell.textContent);

const many = (count: number) =>
  Array.from({ length: count }, (_, index) => makeCull({ location_name: `Wood ${index + 1}` }));

describe('cull data table', () => {
  it('shows Loading data... and then the rows, formatted', async () => {
    const api = fakeApi().signedInAs();
    api.on(
      'GET /api/culls',
      serveList([
        makeCull({ date: '2025-03-07', weight: 14.5, shot_distance: '120 yards', antlers_present: true }),
        makeCull({ date: '2024-11-30', location_name: 'Top Field' }),
      ]),
    );
    await renderApp('/data');
    expect(await screen.findByText('Loading data...')).toBeInTheDocument();
    await screen.findByRole('grid', { name: 'Cull records' });

    const [, first, second] = screen.getAllByRole('row');
    expect(cellTexts(first!)).toEqual([
      '07/03/2025',
      '06:30',
      'Home Wood',
      'Roe Deer',
      'Female (doe)',
      'Adult',
      '14.5',
      'Good',
      'Yes',
      'Heart/Lung',
      '120 yards',
      '-',
      'You',
      'ViewEditDelete',
    ]);
    const cells = cellTexts(second!);
    expect(cells[0]).toBe('30/11/2024');
    expect(cells[6]).toBe('-');
    expect(cells[8]).toBe('No');
    expect(cells[10]).toBe('-');
  });

  it('has every column of the specification with its heading', async () => {
    await openData([makeCull()]);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent?.trim())).toEqual([
      'Date',
      'Time',
      'Location',
      'Species',
      'Sex',
      'Age',
      'Weight (kg)',
      'Condition',
      'Antlers',
      'Shot Placement',
      'Distance',
      'Tag',
      'Shooter',
      'Actions',
    ]);
  });

  it('sorts on the server by the clicked header, ascending then descending, with arrows', async () => {
    const { api, user } = await openData([makeCull()]);
    expect(lastListQuery(api)?.get('sort')).toBe('created_at');

    await user.click(screen.getByRole('columnheader', { name: /Species/ }));
    await waitFor(() => expect(lastListQuery(api)?.get('sort')).toBe('species'));
    expect(lastListQuery(api)?.get('order')).toBe('asc');
    const species = screen.getByRole('columnheader', { name: /Species/ });
    expect(species).toHaveAttribute('aria-sort', 'ascending');
    expect(species).toHaveTextContent('▲');

    await user.click(species);
    await waitFor(() => expect(lastListQuery(api)?.get('order')).toBe('desc'));
    expect(screen.getByRole('columnheader', { name: /Species/ })).toHaveTextContent('▼');
  });

  it('pages with first, previous, next and last, showing Page X of Y', async () => {
    const { api, user } = await openData(many(35));
    expect(screen.getByText('Page 1 of 4')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Page 2 of 4')).toBeInTheDocument();
    expect(lastListQuery(api)?.get('page')).toBe('2');
    expect(await screen.findByText('Wood 11')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(await screen.findByText('Page 4 of 4')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByText('Page 3 of 4')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'First page' }));
    expect(await screen.findByText('Page 1 of 4')).toBeInTheDocument();
  });

  it('offers Show 10 to Show 50 rows, 10 by default', async () => {
    const { api, user } = await openData(many(35));
    const rowsShown = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(rowsShown).toHaveDisplayValue('Show 10');
    expect(
      within(rowsShown)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Show 10', 'Show 20', 'Show 30', 'Show 40', 'Show 50']);
    await user.selectOptions(rowsShown, 'Show 20');
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(lastListQuery(api)?.get('page_size')).toBe('20');
  });

  it('searches on the server once typing settles, from the first page', async () => {
    const { api, user } = await openData(many(35));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Page 2 of 4');
    const searches = () => api.callsTo('GET /api/culls').filter((call) => call.url.searchParams.has('q'));

    await user.type(screen.getByPlaceholderText('Search all columns...'), 'roe');
    expect(searches()).toHaveLength(0);
    await waitFor(() => expect(searches()).toHaveLength(1));
    expect(searches()[0]?.url.searchParams.get('q')).toBe('roe');
    expect(searches()[0]?.url.searchParams.get('page')).toBe('1');
  });

  it('asks before deleting, deletes nothing on Cancel, and reloads the list after Delete', async () => {
    const records = [makeCull({ location_name: 'Keep Wood' }), makeCull({ location_name: 'Gone Wood' })];
    const { api, user } = await openData(records);
    api.on(`DELETE /api/culls/${records[1]!.id}`, () => {
      records.splice(1, 1);
      return new Response(null, { status: 204, headers: { 'x-event-position': '9' } });
    });

    await user.click(screen.getByRole('button', { name: /Delete Roe Deer on 07\/03\/2025 at Gone Wood/ }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Delete Roe Deer, 07/03/2025, Gone Wood?',
    });
    expect(dialog).toHaveTextContent(MESSAGES.deleteConfirm);
    expect(dialog).toHaveTextContent('This action cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.callsTo(`DELETE /api/culls/${records[1]!.id}`)).toHaveLength(0);
    expect(screen.getByText('Gone Wood')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Delete Roe Deer on 07\/03\/2025 at Gone Wood/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Gone Wood')).not.toBeInTheDocument());
    expect(screen.getByText('Keep Wood')).toBeInTheDocument();
  });

  it('reports a failed delete', async () => {
    const record = makeCull();
    const { api, user } = await openData([record]);
    api.on(`DELETE /api/culls/${record.id}`, () => apiError(503, 'service_unavailable', 'Service down'));
    await user.click(screen.getByRole('button', { name: /^Delete/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error deleting record: Service down');
  });

  it('reports a failed load', async () => {
    fakeApi()
      .signedInAs()
      .on('GET /api/culls', () => apiError(503, 'service_unavailable', 'Service down'));
    await renderApp('/data');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading data: Service down');
  });

  it('links each row to its view and edit screens', async () => {
    const record = makeCull();
    await openData([record]);
    expect(screen.getByRole('link', { name: /^View Roe Deer/ })).toHaveAttribute(
      'href',
      `/view-cull/${record.id}`,
    );
    expect(screen.getByRole('link', { name: /^Edit Roe Deer/ })).toHaveAttribute(
      'href',
      `/edit-cull/${record.id}`,
    );
  });

  it('downloads the export as culls.csv', async () => {
    const { api, user } = await openData([makeCull()]);
    api.on(
      'GET /api/exports/culls.csv',
      () => new Response('"Date"\n', { headers: { 'content-type': 'text/csv' } }),
    );
    const createObjectURL = vi.fn(() => 'blob:culls');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toEqual(['culls.csv']));
    expect(createObjectURL).toHaveBeenCalledOnce();
    click.mockRestore();
  });

  it('downloads the sightings and the counts as CSV beside the export', async () => {
    const { api, user } = await openData([makeCull()]);
    const asked: string[] = [];
    for (const kind of ['sightings', 'counts']) {
      api.on(`GET /api/${kind}.csv`, () => {
        asked.push(kind);
        return new Response('"Outing ID"\n', { headers: { 'content-type': 'text/csv' } });
      });
    }
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() }),
    );
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });

    await user.click(screen.getByRole('button', { name: 'Sightings CSV' }));
    await waitFor(() => expect(clicked).toEqual(['sightings.csv']));
    await user.click(screen.getByRole('button', { name: 'Counts CSV' }));
    await waitFor(() => expect(clicked).toEqual(['sightings.csv', 'counts.csv']));
    expect(asked).toEqual(['sightings', 'counts']);
    click.mockRestore();
  });

  it('leads to importing records beside the export', async () => {
    const { user, app } = await openData([makeCull()]);
    await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Import' }));
    expect(app.router.state.location.pathname).toBe('/import');
    expect(await screen.findByRole('heading', { level: 1, name: 'Import records' })).toBeInTheDocument();
  });
});
