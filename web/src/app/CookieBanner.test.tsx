import { act, render, renderHook, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { CONSENT_STORAGE_KEY } from './consent-context';
import { useConsent } from './useConsent';
import { ConsentProvider } from './ConsentProvider';
import { CookieBanner } from './CookieBanner';

function renderBanner(callbacks: { onAccept?: () => void; onDecline?: () => void } = {}) {
  return render(
    <MemoryRouter>
      <ConsentProvider storage={window.localStorage} {...callbacks}>
        <CookieBanner />
      </ConsentProvider>
    </MemoryRouter>,
  );
}

const banner = () => screen.queryByRole('region', { name: 'Cookie consent' });

describe('cookie banner', () => {
  it('appears one second after load when no choice is stored', () => {
    vi.useFakeTimers();
    renderBanner();
    act(() => vi.advanceTimersByTime(999));
    expect(banner()).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(banner()).toHaveTextContent('Cookies enhance the app and keep you signed in.');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });

  it('stores accepted, hides itself and runs the accept callback on Accept All', () => {
    vi.useFakeTimers();
    const onAccept = vi.fn();
    const onDecline = vi.fn();
    renderBanner({ onAccept, onDecline });
    act(() => vi.advanceTimersByTime(1000));
    act(() => screen.getByRole('button', { name: 'Accept All' }).click());
    expect(window.localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('accepted');
    expect(banner()).not.toBeInTheDocument();
    expect(onAccept).toHaveBeenCalledOnce();
    expect(onDecline).not.toHaveBeenCalled();
  });

  it('stores declined, hides itself and runs the decline callback on Decline', () => {
    vi.useFakeTimers();
    const onDecline = vi.fn();
    renderBanner({ onDecline });
    act(() => vi.advanceTimersByTime(1000));
    act(() => screen.getByRole('button', { name: 'Decline' }).click());
    expect(window.localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('declined');
    expect(banner()).not.toBeInTheDocument();
    expect(onDecline).toHaveBeenCalledOnce();
  });

  it('never appears once a choice is stored', () => {
    vi.useFakeTimers();
    window.localStorage.setItem(CONSENT_STORAGE_KEY, 'declined');
    renderBanner();
    act(() => vi.advanceTimersByTime(5000));
    expect(banner()).not.toBeInTheDocument();
  });

  it('turns analytics on only when accepted', () => {
    const { result } = renderHook(() => useConsent(), {
      wrapper: ({ children }) => <ConsentProvider storage={window.localStorage}>{children}</ConsentProvider>,
    });
    expect(result.current.analyticsEnabled).toBe(false);
    act(() => result.current.accept());
    expect(result.current).toMatchObject({ consent: 'accepted', analyticsEnabled: true });
    act(() => result.current.decline());
    expect(result.current).toMatchObject({ consent: 'declined', analyticsEnabled: false });
  });

  it('refuses to be used outside its provider', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useConsent())).toThrow('useConsent must be used within a ConsentProvider');
    consoleError.mockRestore();
  });
});
