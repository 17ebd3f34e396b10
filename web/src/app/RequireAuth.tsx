import { useDeferredValue } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { useSession } from '../api/useSession';
import { ScreenLoading } from './ScreenLoading';

/**
 * Protected routes: the screen's heading and 'Loading...' while the session resolves, then /login (replacing history) if signed out. The screen
 * is drawn as a transition once the session is known, so drawing a large one yields to the browser as it goes rather
 * than holding the page in one long task.
 */
export function RequireAuth() {
  const status = useDeferredValue(useSession().status);
  if (status === 'loading') return <ScreenLoading />;
  if (status === 'signed-out') return <Navigate replace to="/login" />;
  return <Outlet />;
}
