import { useDeferredValue } from 'react';
import { landingAfterSignIn } from '@cull-log/contracts';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '../api/useSession';
import { ScreenLoading } from './ScreenLoading';

/**
 * Protected routes: the screen's heading and 'Loading...' while the session resolves, then /login (replacing history) if signed out. The screen
 * is drawn as a transition once the session is known, so drawing a large one yields to the browser as it goes rather
 * than holding the page in one long task.
 */
export function RequireAuth() {
  const status = useDeferredValue(useSession().status);
  const { pathname } = useLocation();
  if (status === 'loading') return <ScreenLoading />;
  if (status === 'signed-out') {
    // An invitation being opened is where the sign-in lands; any other screen starts again from the dashboard.
    const next = landingAfterSignIn(pathname);
    return (
      <Navigate replace to={next === '/dashboard' ? '/login' : `/login?next=${encodeURIComponent(next)}`} />
    );
  }
  return <Outlet />;
}
