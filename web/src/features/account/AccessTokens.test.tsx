import type { TokenSummary } from '@cull-log/contracts';
import { TOKEN_MESSAGES } from '@cull-log/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SECRET = `cull_pat_${'A'.repeat(43)}`;
const TEAM = { id: '0b6f7c1e-5555-4222-8333-944445555666', name: 'Glen Syndicate' };

const sheet: TokenSummary = {
  id: '0b6f7c1e-1111-4222-8333-944445555666',
  name: 'Group spreadsheet',
  scope: 'read',
  team: null,
  created_at: '2025-03-07T10:00:00.000Z',
  expires_at: '2099-06-05T10:00:00.000Z',
  last_used_at: '2025-03-09T18:05:00.000Z',
};
const gis: TokenSummary = {
  ...sheet,
  id: '0b6f7c1e-2222-4222-8333-944445555666',
  name: 'Forestry GIS',
  scope: 'write',
  team: TEAM.id,
  created_at: '2025-01-02T10:00:00.000Z',
  expires_at: '2025-02-01T10:00:00.000Z',
  last_used_at: null,
};

function teamOf(team: { id: string; name: string }) {
  return {
    ...team,
    kind: 'syndicate',
    role: 'stalker',
    owner_id: `team-${team.id}`,
    members: 2,
    created_at: sheet.created_at,
  };
}

/** A server that keeps the user's tokens as the gateway does: made, listed without secrets, revoked. */
function serveTokens(initial: TokenSummary[] = [], teams = [TEAM]) {
  let tokens = [...initial];
  const api = fakeApi()
    .signedInAs()
    .on('GET /api/tokens', () => json({ items: tokens }))
    .on('GET /api/teams', () => json({ items: teams.map(teamOf) }))
    .on('POST /api/tokens', (request) => {
      const body = request.body as {
        name: string;
        scope: 'read' | 'write';
        expires_in_days: number;
        team?: string;
      };
      const made: TokenSummary = {
        id: '0b6f7c1e-3333-4222-8333-944445555666',
        name: body.name,
        scope: body.scope,
        team: body.team ?? null,
        created_at: '2025-03-10T10:00:00.000Z',
        expires_at: new Date(
          Date.parse('2025-03-10T10:00:00.000Z') + body.expires_in_days * 86_400_000,
        ).toISOString(),
        last_used_at: null,
      };
      tokens = [made, ...tokens];
      return json({ ...made, token: SECRET }, 201);
    })
    .onPattern('DELETE', /^\/api\/tokens\/([^/]+)$/, (_request, [id]) => {
      tokens = tokens.filter((token) => token.id !== id);
      return new Response(null, { status: 204 });
    });
  return api;
}

const tokenItems = () =>
  within(screen.getByRole('list', { name: 'Your access tokens' })).getAllByRole('listitem');

describe('personal access tokens', () => {
  it('lists each token with its access, team, and made, expiry and last-used dates as dd/MM/yyyy', async () => {
    serveTokens([sheet, gis]);
    await renderApp('/your-data');
    expect(await screen.findByRole('heading', { name: 'Personal access tokens' })).toBeInTheDocument();
    const sheetItem = await screen.findByRole('listitem', { name: 'Group spreadsheet' });
    expect(sheetItem).toHaveTextContent('Read only');
    expect(sheetItem).toHaveTextContent('Made 07/03/2025');
    expect(sheetItem).toHaveTextContent('Expires 05/06/2099');
    expect(sheetItem).toHaveTextContent('Last used 09/03/2025');
    const gisItem = screen.getByRole('listitem', { name: 'Forestry GIS' });
    await waitFor(() => expect(gisItem).toHaveTextContent('Read and write, Glen Syndicate only'));
    expect(gisItem).toHaveTextContent('Expired 01/02/2025');
    expect(gisItem).toHaveTextContent('Never used');
    expect(screen.queryByText(/cull_pat_/)).toBeNull();
  });

  it('says so when there are none', async () => {
    serveTokens([]);
    await renderApp('/your-data');
    expect(await screen.findByText('You have no access tokens.')).toBeInTheDocument();
  });

  it('makes a read token for 90 days unless told otherwise, and shows its secret once with a plain warning', async () => {
    const api = serveTokens([]);
    await renderApp('/your-data');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Make a token' });
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), '  Group spreadsheet ');
    await user.click(within(form).getByRole('button', { name: 'Make token' }));

    const made = await screen.findByRole('region', { name: 'Your new token' });
    expect(api.callsTo('POST /api/tokens').map(({ body }) => body)).toEqual([
      { name: 'Group spreadsheet', scope: 'read', expires_in_days: 90 },
    ]);
    expect(within(made).getByText(SECRET)).toBeInTheDocument();
    expect(made).toHaveTextContent(TOKEN_MESSAGES.shownOnce);
    expect(await screen.findByRole('listitem', { name: 'Group spreadsheet' })).not.toHaveTextContent(SECRET);
    expect(within(form).getByRole('textbox', { name: /Name/ })).toHaveValue('');

    await user.click(within(made).getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByRole('region', { name: 'Your new token' })).toBeNull();
    expect(screen.queryByText(SECRET)).toBeNull();
  });

  it('copies the secret to the clipboard, and says how to copy it where the browser will not', async () => {
    serveTokens([]);
    await renderApp('/your-data');
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    const form = await screen.findByRole('form', { name: 'Make a token' });
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'Script');
    await user.click(within(form).getByRole('button', { name: 'Make token' }));
    const made = await screen.findByRole('region', { name: 'Your new token' });
    await user.click(within(made).getByRole('button', { name: 'Copy token' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(await within(made).findByText('Copied')).toBeInTheDocument();

    writeText.mockRejectedValueOnce(new Error('not allowed'));
    await user.click(within(made).getByRole('button', { name: 'Copy token' }));
    expect(await within(made).findByText('Select the token to copy it')).toBeInTheDocument();
  });

  it('makes a read-and-write token for a year held to one of the user’s teams', async () => {
    const api = serveTokens([]);
    await renderApp('/your-data');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Make a token' });
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'Forestry GIS');
    await user.click(within(form).getByRole('radio', { name: 'Read and write' }));
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Expires after' }), '1 year');
    const teamSelect = await within(form).findByRole('combobox', { name: 'Team (optional)' });
    expect(
      within(teamSelect)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['No team: your own records and every team of yours', 'Glen Syndicate']);
    await user.selectOptions(teamSelect, 'Glen Syndicate');
    await user.click(within(form).getByRole('button', { name: 'Make token' }));
    await screen.findByRole('region', { name: 'Your new token' });
    expect(api.callsTo('POST /api/tokens').map(({ body }) => body)).toEqual([
      { name: 'Forestry GIS', scope: 'write', expires_in_days: 365, team: TEAM.id },
    ]);
  });

  it('offers 30 days, 90 days and a year, and no team choice to a user in no team', async () => {
    serveTokens([], []);
    await renderApp('/your-data');
    const form = await screen.findByRole('form', { name: 'Make a token' });
    const expiry = within(form).getByRole('combobox', { name: 'Expires after' });
    expect(
      within(expiry)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['30 days', '90 days', '1 year']);
    await screen.findByText('You have no access tokens.');
    expect(within(form).queryByRole('combobox', { name: 'Team (optional)' })).toBeNull();
  });

  it('asks for a name before sending anything', async () => {
    const api = serveTokens([]);
    await renderApp('/your-data');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Make a token' });
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), '   ');
    await user.click(within(form).getByRole('button', { name: 'Make token' }));
    expect(await within(form).findByText(TOKEN_MESSAGES.name)).toBeInTheDocument();
    expect(api.callsTo('POST /api/tokens')).toHaveLength(0);
  });

  it('shows why the server refused a token, and no secret', async () => {
    serveTokens([]).on('POST /api/tokens', () => apiError(409, 'limit_reached', TOKEN_MESSAGES.tooMany));
    await renderApp('/your-data');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Make a token' });
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'One too many');
    await user.click(within(form).getByRole('button', { name: 'Make token' }));
    expect(await screen.findByText(/^Could not make the token/)).toHaveTextContent(TOKEN_MESSAGES.tooMany);
    expect(screen.queryByRole('region', { name: 'Your new token' })).toBeNull();
  });

  it('revokes a token only once confirmed, and lists the rest', async () => {
    const api = serveTokens([sheet, gis]);
    await renderApp('/your-data');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Revoke Group spreadsheet' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Revoke “Group spreadsheet”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.callsTo(`DELETE /api/tokens/${sheet.id}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Revoke Group spreadsheet' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Revoke “Group spreadsheet”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke token' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.callsTo(`DELETE /api/tokens/${sheet.id}`)).toHaveLength(1);
    await waitFor(() =>
      expect(tokenItems().map((item) => item.getAttribute('aria-label'))).toEqual(['Forestry GIS']),
    );
  });
});
