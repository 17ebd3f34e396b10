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
