import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markReachable, markUnreachable, resetConnectivity } from '../api/connectivity';
import { NOTHING_ON_DEVICE, StatusMessage } from './StatusMessage';

afterEach(() => {
  vi.restoreAllMocks();
  resetConnectivity();
});

describe('StatusMessage', () => {
  it('says a screen still loading with no signal waits for one, as the device has nothing of it', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<StatusMessage>Loading dashboard...</StatusMessage>);
    expect(screen.getByRole('status')).toHaveTextContent(`Loading dashboard... ${NOTHING_ON_DEVICE}`);
  });

  it('says so too when requests fail while the phone believes it has a signal, and stops when one gets through', () => {
    render(<StatusMessage>Loading dashboard...</StatusMessage>);
    expect(screen.getByRole('status')).toHaveTextContent(/^Loading dashboard\.\.\.$/);
    act(() => markUnreachable());
    expect(screen.getByRole('status')).toHaveTextContent(NOTHING_ON_DEVICE);
    act(() => markReachable());
    expect(screen.getByRole('status')).toHaveTextContent(/^Loading dashboard\.\.\.$/);
  });

  it('leaves errors and empty states as they are with no signal', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(
      <>
        <StatusMessage kind="error">Failed</StatusMessage>
        <StatusMessage kind="empty">No records</StatusMessage>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(/^Failed$/);
    expect(screen.getByRole('status')).toHaveTextContent(/^No records$/);
  });
});
