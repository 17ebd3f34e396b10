import type { ReactNode } from 'react';
import { useScreen } from './screen';

/**
 * A screen's heading and the line under it, in the words of its definition (its feature's screens.ts, which the page
 * the server sends draws too), with the screen's actions beside the heading.
 */
export function ScreenHeader({ actions }: { actions?: ReactNode }) {
  const { heading, lead } = useScreen();
  return (
    <>
      <div className="page__header">
        <h1>{heading}</h1>
        {actions === undefined ? null : <div className="page__header-actions">{actions}</div>}
      </div>
      {lead === undefined ? null : <p className="page__lead">{lead}</p>}
    </>
  );
}
