import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json, USER } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

const REAUTHENTICATION_ASKED =
  'To delete your account, sign in again first: it shows that it is you, and not someone using your device.';

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
    expect(api.callsTo('DELETE /api/account').map((call) => call.body)).toEqual([{ confirmation: 'DELETE' }]);
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
      'Your account was not completely deleted: The service is temporarily unavailable. Please try again shortly. ' +
        'You have been signed out: sign in again and delete it again to finish.',
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it('told to sign in again, sends a Google user to sign in again, and back on the page they confirm', async () => {
    const api = fakeApi()
      .signedInAs()
      .on('DELETE /api/account', () => apiError(403, 'reauthentication_required', REAUTHENTICATION_ASKED));
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    await renderApp('/your-data');
    const { user, dialog } = await openDeleteDialog();
    await user.type(within(dialog).getByRole('textbox', { name: 'Type DELETE to confirm' }), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(REAUTHENTICATION_ASKED);
    expect(within(dialog).getByRole('button', { name: 'Delete my account' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Sign in again with Google' }));
    expect(assign).toHaveBeenCalledWith('/auth/google?reauth=1');
    expect(api.callsTo('DELETE /api/account')).toHaveLength(1);
  });

  it('coming back from signing in again opens the dialog, and the account is deleted once DELETE is typed', async () => {
    const api = fakeApi()
      .signedInAs()
      .on('DELETE /api/account', () => json({ erased: true, events: 4 }));
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    await renderApp('/your-data?delete=account');
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account and every record?' });
    const user = userEvent.setup();

    await user.type(within(dialog).getByRole('textbox', { name: 'Type DELETE to confirm' }), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/?account=deleted'));
    expect(api.callsTo('DELETE /api/account').map((call) => call.body)).toEqual([{ confirmation: 'DELETE' }]);
  });

  it('coming back from signing in again as someone else says so, deletes nothing and offers it again', async () => {
    const api = fakeApi().signedInAs();
    await renderApp('/your-data?delete=account&reauthentication=other_account');
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account and every record?' });

    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'You signed in again with a different account, so yours was not deleted.',
    );
    expect(within(dialog).getByRole('button', { name: 'Sign in again with Google' })).toBeEnabled();
    const user = userEvent.setup();
    await user.type(within(dialog).getByRole('textbox', { name: 'Type DELETE to confirm' }), 'DELETE');
    expect(within(dialog).getByRole('button', { name: 'Delete my account' })).toBeDisabled();
    expect(api.callsTo('DELETE /api/account')).toHaveLength(0);
  });

  it('with the development sign-in, asks for the e-mail address again in the dialog, then deletes', async () => {
    let signedInAgain = false;
    const api = fakeApi()
      .signedInAs()
      .on('GET /auth/options', () => json({ google: false, dev: true }))
      .on('POST /auth/dev/reauthenticate', ({ body }) => {
        if ((body as { email: string }).email !== USER.email)
          return apiError(403, 'forbidden', 'That is not the e-mail address you are signed in with.');
        signedInAgain = true;
        return new Response(null, { status: 204 });
      })
      .on('DELETE /api/account', () =>
        signedInAgain
          ? json({ erased: true, events: 4 })
          : apiError(403, 'reauthentication_required', REAUTHENTICATION_ASKED),
      );
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    await renderApp('/your-data');
    const { user, dialog } = await openDeleteDialog();
    await user.type(within(dialog).getByRole('textbox', { name: 'Type DELETE to confirm' }), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    const email = await within(dialog).findByRole('textbox', { name: 'Your e-mail address' });
    await user.type(email, 'someone@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Sign in again' }));
    expect(
      await within(dialog).findByText('That is not the e-mail address you are signed in with.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Delete my account' })).toBeDisabled();

    await user.clear(email);
    await user.type(email, USER.email!);
    await user.click(within(dialog).getByRole('button', { name: 'Sign in again' }));
    expect(
      await within(dialog).findByText('You have signed in again. Press Delete my account to delete it now.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/?account=deleted'));
    expect(api.callsTo('POST /auth/dev/reauthenticate').map((call) => call.body)).toEqual([
      { email: 'someone@example.com' },
      { email: USER.email },
    ]);
    expect(api.callsTo('DELETE /api/account')).toHaveLength(2);
  });

  it('the home page says the account has been deleted when it lands there after', async () => {
    fakeApi();
    await renderApp('/?account=deleted');
    expect(
      await screen.findByText(/^Your account has been deleted: every record, its history and your figures/),
    ).toHaveAttribute('role', 'status');
  });
});
