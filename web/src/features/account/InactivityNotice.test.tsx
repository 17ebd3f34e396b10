import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json, USER } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

/** The session answer of a sign-in made while the account's notice was due. */
const NOTICE = { due_at: '2027-05-02T12:00:00.000Z', erase_at: '2027-06-01T12:00:00.000Z' };
const signedInWithNotice = () =>
  fakeApi()
    .signedInAs()
    .on('GET /auth/session', () => json({ user: USER, inactivity_notice: NOTICE }));

const banner = () => screen.queryByRole('region', { name: 'Your account has been kept' });

describe('the notice of erasure for want of use', () => {
  it('shows at the top of the page after signing in: when the account would have gone, why, and that signing in kept it', async () => {
    signedInWithNotice();
    await renderApp('/privacy');
    const notice = await screen.findByRole('region', { name: 'Your account has been kept' });
    expect(notice).toHaveTextContent(
      'Your account was to be deleted on 01/06/2027, because it had not been used for almost 2 years.',
    );
    expect(notice).toHaveTextContent(
      'You have signed in, which keeps it: it will only be deleted if it goes unused for 2 years again.',
    );
    expect(within(notice).getByRole('link', { name: 'Your data' })).toHaveAttribute('href', '/your-data');
  });

  it('closes for the rest of the visit once read', async () => {
    signedInWithNotice();
    const { router } = await renderApp('/privacy');
    const user = userEvent.setup();
    await user.click(
      within(await screen.findByRole('region', { name: 'Your account has been kept' })).getByRole('button', {
        name: 'Close',
      }),
    );
    expect(banner()).toBeNull();
    await router.navigate('/terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms & Conditions' });
    expect(banner()).toBeNull();
  });

  it('is on the account page too, beside the rule itself', async () => {
    signedInWithNotice();
    await renderApp('/your-data');
    const keeping = (await screen.findByRole('heading', { level: 2, name: 'Keeping your account' })).closest(
      'section',
    )!;
    await waitFor(() => expect(keeping).toHaveTextContent('Your account was to be deleted on 01/06/2027'));
    expect(keeping).toHaveTextContent(
      'Cull Log deletes an account, with every record in it, once it has gone unused for 2 years, after a notice 30 days before.',
    );
  });

  it('is not shown to a session without one, whose account page still says the rule', async () => {
    fakeApi().signedInAs();
    await renderApp('/your-data');
    const keeping = (await screen.findByRole('heading', { level: 2, name: 'Keeping your account' })).closest(
      'section',
    )!;
    expect(keeping).toHaveTextContent('once it has gone unused for 2 years, after a notice 30 days before');
    expect(keeping).not.toHaveTextContent('was to be deleted');
    expect(banner()).toBeNull();
  });

  it('arrives with the development sign-in too, which asks the session answer again', async () => {
    const api = fakeApi().on('GET /auth/options', () => json({ google: false, dev: true }));
    api.on('POST /auth/dev/login', () => {
      signedInWithNoticeOn(api);
      return json(USER);
    });
    api.on('GET /api/stats', () => apiError(503, 'service_unavailable', 'Later'));
    const user = userEvent.setup({ delay: null });
    await renderApp('/login');
    await user.type(await screen.findByLabelText(/^Name/), 'Ann Stalker');
    await user.type(screen.getByLabelText(/^Email/), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign in for development' }));
    expect(await screen.findByRole('region', { name: 'Your account has been kept' })).toHaveTextContent(
      '01/06/2027',
    );
  });
});

function signedInWithNoticeOn(api: ReturnType<typeof fakeApi>) {
  api.signedInAs().on('GET /auth/session', () => json({ user: USER, inactivity_notice: NOTICE }));
}
