import { MESSAGES } from '@cull-log/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json, makeCull } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';

describe('record card', () => {
  it('shows where the record is on a small map when it has coordinates', async () => {
    const cull = makeCull({ species: 'Fox', location_name: 'Top Field', latitude: 52.5, longitude: -1.25 });
    fakeApi()
      .signedInAs()
      .on(`GET /api/culls/${cull.id}`, () => json(cull));
    await renderApp(`/view-cull/${cull.id}`);
    const map = await screen.findByRole('group', { name: 'Map: where the Fox was, at Top Field' });
    expect(map.querySelectorAll('.leaflet-marker-icon')).toHaveLength(1);
  });

  it('shows no map for a record with no coordinates', async () => {
    const cull = makeCull({ species: 'Fox', latitude: undefined, longitude: undefined });
    fakeApi()
      .signedInAs()
      .on(`GET /api/culls/${cull.id}`, () => json(cull));
    await renderApp(`/view-cull/${cull.id}`);
    await screen.findByRole('heading', { name: /Fox/ });
    expect(screen.queryByRole('group', { name: /^Map/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Loading the map...')).not.toBeInTheDocument();
  });

  it('shows every field, an Edit link and Back to Data', async () => {
    const cull = makeCull({ weight: 14.5, grid_ref: 'SK 123 456', latitude: 52.5, longitude: -1.25 });
    fakeApi()
      .signedInAs()
      .on(`GET /api/culls/${cull.id}`, () => json(cull));
    await renderApp(`/view-cull/${cull.id}`);
    expect(await screen.findByRole('heading', { name: /Roe Deer/ })).toBeInTheDocument();
    for (const text of [
      '07/03/2025',
      '06:30',
      'Home Wood',
      'SK 123 456',
      '52.500000, -1.250000',
      '14.5 kg',
      'No',
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/edit-cull/${cull.id}`);
    expect(screen.getByRole('link', { name: 'Back to Data' })).toHaveAttribute('href', '/data');
  });

  it('deletes the record after a confirmation that names it, then shows the data list', async () => {
    const cull = makeCull({ species: 'Fox', date: '2026-11-23', location_name: 'Home Wood' });
    const api = fakeApi()
      .signedInAs()
      .on(`GET /api/culls/${cull.id}`, () => json(cull))
      .on(`DELETE /api/culls/${cull.id}`, () => new Response(null, { status: 204 }))
      .on('GET /api/culls', () => json({ items: [], total: 0, page: 1, page_size: 10 }));
    await renderApp(`/view-cull/${cull.id}`);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Fox, 23/11/2026, Home Wood?' });
    expect(dialog).toHaveTextContent(MESSAGES.deleteConfirm);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { name: 'Cull Data' })).toBeInTheDocument();
    expect(api.callsTo(`DELETE /api/culls/${cull.id}`)).toHaveLength(1);
  });

  it.each([
    [404, 'not_found', MESSAGES.cullRecordNotFound],
    [403, 'forbidden', MESSAGES.unauthorizedAccess],
    [500, 'internal_error', 'Error loading cull: Something broke'],
  ])('answers %i with its message and a way back', async (status, code, message) => {
    fakeApi()
      .signedInAs()
      .on('GET /api/culls/abc', () => apiError(status, code, 'Something broke'));
    await renderApp('/view-cull/abc');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Back to Data' })).toBeInTheDocument();
  });

  it("refuses to show another user's record", async () => {
    const cull = makeCull({ created_by: 'someone-else' });
    fakeApi()
      .signedInAs()
      .on(`GET /api/culls/${cull.id}`, () => json(cull));
    await renderApp(`/view-cull/${cull.id}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.unauthorizedAccess);
    expect(screen.queryByText('Home Wood')).not.toBeInTheDocument();
  });
});

describe("the record card's declaration", () => {
  const passed = {
    examined_by: 'Jo Hunter',
    abnormal_behaviour: false,
    abnormalities: [],
    contamination_suspected: false,
  };
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('downloads the PDF of a tagged carcass examined with nothing abnormal, and says its number', async () => {
    const cull = makeCull({ carcass_tag: 'T-7', carcass_destination: 'Game dealer', inspection: passed });
    const api = fakeApi()
      .signedInAs()
      .on(`GET /api/culls/${cull.id}`, () => json(cull))
      .on(
        `POST /api/culls/${cull.id}/declaration.pdf`,
        () =>
          new Response('%PDF-1.3', {
            headers: {
              'content-type': 'application/pdf',
              'content-disposition': 'attachment; filename="declaration-9.pdf"',
              'x-declaration-number': '9',
            },
          }),
      );
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
    );
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await renderApp(`/view-cull/${cull.id}`);
    await userEvent
      .setup({ delay: null })
      .click(await screen.findByRole('button', { name: 'Declaration (PDF)' }));
    await waitFor(() => expect(saved).toEqual(['declaration-9.pdf']));
    expect(api.callsTo(`POST /api/culls/${cull.id}/declaration.pdf`)).toHaveLength(1);
    expect(await screen.findByText('Declaration 9 downloaded')).toBeInTheDocument();
  });

  it('is not offered for a carcass with an abnormality, and a carcass going to a dealer says why', async () => {
    const cull = makeCull({
      carcass_tag: 'T-8',
      carcass_destination: 'Game dealer',
      inspection: { ...passed, abnormalities: ['tumours'] },
    });
    fakeApi()
      .signedInAs()
      .on(`GET /api/culls/${cull.id}`, () => json(cull));
    await renderApp(`/view-cull/${cull.id}`);
    await screen.findByRole('heading', { name: /Roe Deer/ });
    expect(screen.queryByRole('button', { name: 'Declaration (PDF)' })).not.toBeInTheDocument();
    expect(screen.getByText(/No declaration: Carcass T-8 gets no declaration .*Tumours/)).toBeInTheDocument();
  });
});
