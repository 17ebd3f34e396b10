import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineNotice } from '../components/OfflineNotice';
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
  it('says so while the browser is offline, and not once it is back', () => {
    render(<OfflineNotice />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    setOnline(false);
    expect(screen.getByRole('status')).toHaveTextContent('No signal. Showing what this device already has');
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
