import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineNotice } from '../OfflineNotice';
import { UpdatePrompt } from './UpdatePrompt';

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('with no signal', () => {
  it('says so while the browser is offline, with when the data shown was read, and not once it is back', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(
      ['culls', 'list'],
      { items: [] },
      { updatedAt: new Date(2026, 10, 23, 18, 5).getTime() },
    );
    render(
      <QueryClientProvider client={queryClient}>
        <OfflineNotice />
      </QueryClientProvider>,
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    setOnline(false);
    expect(screen.getByRole('status')).toHaveTextContent('No signal. Showing what this device already has');
    expect(screen.getByRole('status')).toHaveTextContent('Last updated 23/11/2026 at 18:05.');
    setOnline(true);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('a new version', () => {
  it('waits for the user to choose to reload', async () => {
    const onReload = vi.fn();
    render(<UpdatePrompt onReload={onReload} />);
    expect(screen.getByRole('status')).toHaveTextContent('A new version of Cull Log is ready.');
    expect(onReload).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload to update' }));
    expect(onReload).toHaveBeenCalledOnce();
  });
});
