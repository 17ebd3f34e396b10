import { warningLine } from '@cull-log/domain';
import type { LarderEntry, LarderResponse } from '@cull-log/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json, type FakeApi, type FakeRequest } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';
import { choose } from '../../testing/ui';

const passed = {
  examined_by: 'Jo Hunter',
  certificate_number: 'DSC1-123',
  abnormal_behaviour: false,
  abnormalities: [],
  contamination_suspected: false,
};

function entry(overrides: Partial<LarderEntry>): LarderEntry {
  return {
    id: crypto.randomUUID(),
    date: '2026-11-02',
    time: '07:15',
    location_name: 'Top Field',
    species: 'Roe Deer',
    sex: 'Female',
    age_estimate: 'Adult',
    inspection_result: 'Not examined',
    ...overrides,
  };
}

const roe = entry({
  grid_ref: 'SK 1234 5678',
  weight: 14.5,
  carcass_tag: 'T-101',
  carcass_destination: 'Game dealer',
  game_dealer: 'Hill Game Ltd',
  inspection: passed,
  inspection_result: 'Passed: no abnormalities',
});
const fallow = entry({
  date: '2026-11-03',
  time: '16:40',
  location_name: 'Long Wood',
  species: 'Fallow Deer',
  sex: 'Male',
  carcass_tag: 'T-102',
  carcass_destination: 'Game dealer',
  inspection: passed,
  inspection_result: 'Passed: no abnormalities',
});
const abscess = entry({
  date: '2026-11-04',
  carcass_tag: 'T-103',
  inspection: { ...passed, abnormalities: ['abscesses'] },
  inspection_result: 'Abnormal: Abscesses',
  declaration_refused: 'Carcass T-103 gets no declaration because the examination recorded: Abscesses.',
});

/** The larder endpoint as the exports service answers it, by season and destination. */
function serveLarder(items: LarderEntry[]) {
  return ({ url }: FakeRequest) => {
    const label = url.searchParams.get('season') ?? '2026/27';
    const destination = url.searchParams.get('destination');
    const body: LarderResponse = {
      season: { label, from: `${label.slice(0, 4)}-04-01`, to: `${Number(label.slice(0, 4)) + 1}-03-31` },
      seasons: [
        { label: '2026/27', carcasses: items.length },
        { label: '2025/26', carcasses: 0 },
      ],
      items:
        label === '2026/27'
          ? items.filter((item) => destination === null || item.carcass_destination === destination)
          : [],
      position: 3,
    };
    return json(body);
  };
}

async function openLarder(items: LarderEntry[], path = '/larder') {
  const api = fakeApi().signedInAs();
  api.on('GET /api/larder', serveLarder(items));
  await renderApp(path);
  await screen.findByRole('heading', { name: 'Larder book', level: 1 });
  return { api, user: userEvent.setup({ delay: null }) };
}

const lastQuery = (api: FakeApi) => api.callsTo('GET /api/larder').at(-1)?.url.searchParams;

/** Records what the page hands the browser to save. */
function catchDownloads() {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
  );
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the larder book', () => {
  it('lists the season in the order killed, with place, tag, destination, dealer and inspection', async () => {
    await openLarder([roe, fallow, abscess]);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.querySelector('th')?.textContent)).toEqual([
      '02/11/2026',
      '03/11/2026',
      '04/11/2026',
    ]);
    expect(
      Array.from(rows[0]!.querySelectorAll('th, td'))
        .slice(1)
        .map((cell) => cell.textContent),
    ).toEqual([
      '02/11/2026',
      '07:15',
      'Top FieldSK 1234 5678',
      'Roe Deer',
      'Female',
      'Adult',
      '14.5',
      'T-101',
      'Game dealer',
      'Hill Game Ltd',
      'Passed: no abnormalities',
      '-',
    ]);
    expect(rows[2]).toHaveTextContent('Abnormal: Abscesses');
    expect(rows[2]).toHaveTextContent('No declaration: the examination found something');
    expect(within(rows[2]!).queryByRole('checkbox')).toBeNull();
  });

  it('says why a carcass has no declaration once, above the list, each reason listed once', async () => {
    const unexamined = entry({
      date: '2026-11-05',
      carcass_tag: 'T-104',
      declaration_refused: 'No examination.',
    });
    const alsoUnexamined = entry({
      date: '2026-11-06',
      carcass_tag: 'T-105',
      declaration_refused: 'No examination.',
    });
    await openLarder([roe, abscess, unexamined, alsoUnexamined]);
    const note = await screen.findByRole('region', { name: 'Why a carcass has no declaration' });
    expect(
      within(note)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/^No examination recorded: A declaration states that a trained hunter examined/),
      expect.stringMatching(/^The examination found something: .* official veterinarian to examine\.$/),
    ]);
    const table = screen.getByRole('table');
    expect(table).not.toHaveTextContent('trained hunter examined');
    expect(within(table).getAllByText('No declaration: no examination recorded')).toHaveLength(2);
  });

  it('shows no note when every carcass can be declared', async () => {
    await openLarder([roe, fallow]);
    await screen.findByRole('table');
    expect(screen.queryByRole('region', { name: 'Why a carcass has no declaration' })).toBeNull();
  });

  it('asks for no tick where there is nothing to tick', async () => {
    await openLarder([abscess]);
    await screen.findByRole('table');
    expect(screen.queryByRole('checkbox')).toBeNull();
    const declaring = screen.getByRole('region', { name: 'Declaration for a game dealer' });
    expect(declaring).toHaveTextContent('None of the carcasses listed can go with a declaration yet');
    expect(declaring).not.toHaveTextContent(/tick/i);
    expect(within(declaring).queryByRole('textbox', { name: 'Game dealer' })).toBeNull();
  });

  it('asks for the season and destination chosen, each keeping the other', async () => {
    const { api, user } = await openLarder([roe, fallow, abscess]);
    await screen.findByRole('table');
    expect(lastQuery(api)?.get('season')).toBeNull();

    await choose(user, 'Destination', 'Own use');
    expect(
      await screen.findByText('No carcasses went to "Own use" in the 2026/27 season.'),
    ).toBeInTheDocument();
    expect(lastQuery(api)?.get('destination')).toBe('Own use');

    await choose(user, 'Season', '2025/26');
    await waitFor(() => expect(lastQuery(api)?.get('season')).toBe('2025/26'));
    expect(lastQuery(api)?.get('destination')).toBe('Own use');
  });

  it('opens on the season and destination a link names', async () => {
    const { api } = await openLarder([roe, fallow], '/larder?season=2026/27&destination=Game%20dealer');
    await screen.findByRole('table');
    expect(lastQuery(api)?.get('season')).toBe('2026/27');
    expect(lastQuery(api)?.get('destination')).toBe('Game dealer');
  });

  it('downloads the CSV of the view shown', async () => {
    const { api, user } = await openLarder([roe], '/larder?destination=Game%20dealer');
    await screen.findByRole('table');
    api.on(
      'GET /api/larder.csv',
      () =>
        new Response('"Date"\r\n', {
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="larder-book-2026-27.csv"',
          },
        }),
    );
    const saved = catchDownloads();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toEqual(['larder-book-2026-27.csv']));
    expect(api.callsTo('GET /api/larder.csv')[0]?.url.searchParams.get('destination')).toBe('Game dealer');
  });

  it('makes one declaration for the carcasses ticked, to the dealer the first names unless another is typed', async () => {
    const { api, user } = await openLarder([roe, fallow, abscess]);
    await screen.findByRole('table');
    const declare = screen.getByRole('button', { name: 'Declaration (PDF)' });
    expect(declare).toBeDisabled();
    api.on(
      'POST /api/declarations',
      () =>
        new Response('%PDF-1.3', {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="declaration-4.pdf"',
            'x-declaration-number': '4',
          },
        }),
    );
    api.on('POST /api/culls/declared-dealer', () => json({ kept: [] }));
    const saved = catchDownloads();

    await user.click(screen.getByRole('checkbox', { name: 'Declare Roe Deer tagged T-101 on 02/11/2026' }));
    expect(screen.getByRole('textbox', { name: 'Game dealer' })).toHaveValue('Hill Game Ltd');
    await user.click(
      screen.getByRole('checkbox', { name: 'Declare Fallow Deer tagged T-102 on 03/11/2026' }),
    );
    expect(screen.getByText('2 carcasses chosen.')).toBeInTheDocument();
    await user.click(declare);

    await waitFor(() => expect(saved).toEqual(['declaration-4.pdf']));
    expect(api.callsTo('POST /api/declarations')[0]?.body).toEqual({
      record_ids: [roe.id, fallow.id],
      dealer: 'Hill Game Ltd',
    });
    expect(await screen.findByText('Declaration 4 for 2 carcasses downloaded')).toBeInTheDocument();
  });

  it('keeps the dealer typed on the declared records that name none, and shows it in the book', async () => {
    const items = [roe, { ...fallow }, abscess];
    const { api, user } = await openLarder(items);
    await screen.findByRole('table');
    api.on(
      'POST /api/declarations',
      () =>
        new Response('%PDF-1.3', {
          headers: { 'content-type': 'application/pdf', 'x-declaration-number': '5' },
        }),
    );
    api.on('POST /api/culls/declared-dealer', ({ body }) => {
      // As the records service keeps it: only where the record names no dealer.
      items[1] = { ...items[1]!, game_dealer: (body as { dealer: string }).dealer };
      return json({ kept: [fallow.id] }, 200, { 'x-event-position': '41' });
    });
    catchDownloads();
    await user.click(
      screen.getByRole('checkbox', { name: 'Declare Fallow Deer tagged T-102 on 03/11/2026' }),
    );
    await user.type(screen.getByRole('textbox', { name: 'Game dealer' }), 'Vale Venison');
    await user.click(screen.getByRole('button', { name: 'Declaration (PDF)' }));

    await waitFor(() =>
      expect(api.callsTo('POST /api/culls/declared-dealer')[0]?.body).toEqual({
        record_ids: [fallow.id],
        dealer: 'Vale Venison',
      }),
    );
    const fallowRow = await waitFor(() => {
      const row = within(screen.getByRole('table')).getAllByRole('row')[2]!;
      expect(row).toHaveTextContent('Vale Venison');
      return row;
    });
    expect(fallowRow).toHaveTextContent('T-102');
    expect(lastQuery(api)?.get('after')).toBe('41');
  });

  it('says so when the declaration is made but its dealer could not be kept on the records', async () => {
    const { api, user } = await openLarder([fallow]);
    await screen.findByRole('table');
    api.on(
      'POST /api/declarations',
      () =>
        new Response('%PDF-1.3', {
          headers: { 'content-type': 'application/pdf', 'x-declaration-number': '6' },
        }),
    );
    api.on('POST /api/culls/declared-dealer', () =>
      apiError(503, 'service_unavailable', 'The service is unavailable, try again'),
    );
    catchDownloads();
    await user.click(screen.getByRole('checkbox', { name: /Declare Fallow Deer/ }));
    await user.type(screen.getByRole('textbox', { name: 'Game dealer' }), 'Vale Venison');
    await user.click(screen.getByRole('button', { name: 'Declaration (PDF)' }));
    expect(
      await screen.findByText(
        'The declaration is downloaded, but the dealer was not kept on the records: The service is unavailable, try again',
      ),
    ).toBeInTheDocument();
  });

  it("shows the server's reason when it refuses a declaration", async () => {
    const { api, user } = await openLarder([roe]);
    await screen.findByRole('table');
    api.on('POST /api/declarations', () =>
      apiError(
        409,
        'not_declarable',
        'Carcass T-101 gets no declaration because the examination recorded: Abscesses.',
      ),
    );
    await user.click(screen.getByRole('checkbox', { name: /Declare Roe Deer/ }));
    await user.click(screen.getByRole('button', { name: 'Declaration (PDF)' }));
    expect(
      await screen.findByText(
        'Carcass T-101 gets no declaration because the examination recorded: Abscesses.',
      ),
    ).toBeInTheDocument();
  });
});

describe('warnings in the larder book', () => {
  const juneDoe = entry({
    date: '2026-06-15',
    warnings: [{ code: 'close_season', message: 'Roe Deer females may not be shot 1 April to 31 October.' }],
  });
  const line = warningLine('close_season', juneDoe);

  it('gives each carcass its warnings in one line, the law behind Why, as on its card', async () => {
    await openLarder([juneDoe]);
    const table = await screen.findByRole('table');
    const [row] = within(table).getAllByRole('row').slice(1);
    // The line keeps its dates together with no-break spaces, which the text queries would read as plain ones.
    expect(row!.querySelector('.warning__line')?.textContent).toBe(line);
    expect(line).toMatch(/^Close season for roe does/);
    const user = userEvent.setup();
    await user.click(within(row!).getByText('Why'));
    expect(within(row!).getByText(/may not be shot 1 April to 31 October/)).toBeVisible();
  });

  it('on a phone too, on the carcass’s card', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query === '(max-width: 40em)',
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      })),
    );
    await openLarder([juneDoe]);
    const cards = await screen.findByRole('list', { name: 'Carcasses' });
    const warnings = within(cards).getByRole('region', { name: 'Warnings' });
    expect(warnings.querySelector('.warning__line')?.textContent).toBe(line);
  });
});

describe('the larder book on a phone', () => {
  it('shows each carcass as a card with its tag, place, destination and inspection', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query === '(max-width: 40em)',
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      })),
    );
    await openLarder([roe, abscess]);
    const cards = within(await screen.findByRole('list', { name: 'Carcasses' })).getAllByRole('listitem');
    expect(screen.queryByRole('table')).toBeNull();
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('02/11/2026 07:15');
    expect(cards[0]).toHaveTextContent('Roe Deer, female · Tag T-101');
    expect(cards[0]).toHaveTextContent('Top Field (SK 1234 5678)');
    expect(cards[0]).toHaveTextContent('Game dealer · Hill Game Ltd');
    expect(cards[0]).toHaveTextContent('Passed: no abnormalities');
    expect(within(cards[0]!).getByRole('link')).toHaveAttribute('href', `/view-cull/${roe.id}`);
    expect(within(cards[1]!).queryByRole('checkbox')).toBeNull();
    expect(cards[1]).toHaveTextContent('No declaration: the examination found something');
    expect(cards[1]).not.toHaveTextContent('official veterinarian');
    expect(screen.getByRole('region', { name: 'Why a carcass has no declaration' })).toHaveTextContent(
      'official veterinarian',
    );
  });
});

it('the signed-in navigation links to the larder book', async () => {
  await openLarder([]);
  expect(screen.getByRole('link', { name: 'Larder' })).toHaveAttribute('href', '/larder');
  expect(await screen.findByText('No carcasses in the 2026/27 season.')).toBeInTheDocument();
});
