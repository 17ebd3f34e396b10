import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openDeleteDialog() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account and every record?' });
  return { user, dialog };
}

describe('your data', () => {
  it('is reached from the signed-in menu, beside the devices', async () => {
    fakeApi().signedInAs();
    const { router } = await renderApp('/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Your data' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your data' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/your-data');
  });

  it('offers the whole account as one zip, downloaded straight from the server', async () => {
    fakeApi().signedInAs();
    await renderApp('/your-data');
    const link = await screen.findByRole('link', { name: 'Download your data (.zip)' });
    expect(link).toHaveAttribute('href', '/api/account/export');
    expect(link).toHaveAttribute('download', 'cull-log-data.zip');
  });

  it('deletes nothing until DELETE is typed, then erases the account and lands on the home page', async () => {
    const api = fakeApi()
      .signedInAs()
      .on('DELETE /api/account', () => json({ erased: true, events: 4 }));
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    await renderApp('/your-data');
    const { user, dialog } = await openDeleteDialog();
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    const field = within(dialog).getByRole('textbox', { name: 'Type DELETE to confirm' });

    expect(confirm).toBeDisabled();
    await user.type(field, 'delete');
    expect(confirm).toBeDisabled();
    await user.click(confirm);
    expect(api.callsTo('DELETE /api/account')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, 'DELETE');
    expect(confirm).toBeEnabled();
    await user.click(confirm);

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/?account=deleted'));
    expect(api.callsTo('DELETE /api/account')).toHaveLength(1);
  });

  it('cancelling sends nothing and forgets what was typed', async () => {
    const api = fakeApi().signedInAs();
    await renderApp('/your-data');
    const { user, dialog } = await openDeleteDialog();
    await user.type(within(dialog).getByRole('textbox', { name: 'Type DELETE to confirm' }), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    const reopened = await openDeleteDialog();
    expect(within(reopened.dialog).getByRole('textbox', { name: 'Type DELETE to confirm' })).toHaveValue('');
    expect(api.callsTo('DELETE /api/account')).toHaveLength(0);
  });

  it('says so when the server could not delete the account, and stays', async () => {
    fakeApi()
      .signedInAs()
      .on('DELETE /api/account', () =>
        apiError(
          503,
          'service_unavailable',
          'The service is temporarily unavailable. Please try again shortly.',
        ),
      );
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    await renderApp('/your-data');
    const { user, dialog } = await openDeleteDialog();
    await user.type(within(dialog).getByRole('textbox', { name: 'Type DELETE to confirm' }), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Your account was not deleted: The service is temporarily unavailable. Please try again shortly.',
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it('the home page says the account has been deleted when it lands there after', async () => {
    fakeApi();
    await renderApp('/?account=deleted');
    expect(
      await screen.findByText(/^Your account has been deleted: every record, its history and your figures/),
    ).toHaveAttribute('role', 'status');
  });
});
