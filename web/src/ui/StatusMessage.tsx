import type { ReactNode } from 'react';

interface StatusMessageProps {
  kind?: 'loading' | 'error' | 'empty';
  children: ReactNode;
}

/** Loading and empty states are polite announcements; errors are alerts. */
export function StatusMessage({ kind = 'loading', children }: StatusMessageProps) {
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
