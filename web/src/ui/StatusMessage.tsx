import type { ReactNode } from 'react';
import { useOnline } from '../api/useOnline';

interface StatusMessageProps {
  kind?: 'loading' | 'error' | 'empty';
  children: ReactNode;
}

/** What a screen still loading says with no signal: its read waits, as the device has nothing of it yet. */
export const NOTHING_ON_DEVICE =
  'Nothing of this is kept on this device yet; it loads once there is a signal.';

/**
 * Loading and empty states are polite announcements; errors are alerts. With no signal a read waits rather than
 * fails, so a screen still loading says why, rather than "Loading..." for as long as the signal is gone.
 */
export function StatusMessage({ kind = 'loading', children }: StatusMessageProps) {
  const online = useOnline();
  if (kind === 'loading' && !online) {
    return (
      <div className="status status--loading" role="status">
        {children} {NOTHING_ON_DEVICE}
      </div>
    );
  }
  if (kind === 'error') {
    return (
      <div className="status status--error" role="alert">
        {children}
      </div>
    );
  }
  return (
    <div className={`status status--${kind}`} role="status">
      {children}
    </div>
  );
}

/**
 * A read that failed while the device still has what was read before: that stays on screen, and this says it may
 * be out of date. With no signal at all the layout's no-signal notice says so instead.
 */
export function StaleNotice({ error }: { error: unknown }) {
  const reason = error instanceof Error ? error.message : String(error);
  return (
    <StatusMessage>
      Showing what this device already has: it could not be brought up to date ({reason}).
    </StatusMessage>
  );
}
