import { useDeferredValue } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { StatusMessage } from '../components/StatusMessage';
import { useSession } from '../hooks/useSession';

/**
 * Protected routes: 'Loading...' while the session resolves, then /login (replacing history) if signed out. The screen
 * is drawn as a transition once the session is known, so drawing a large one yields to the browser as it goes rather
 * than holding the page in one long task.
 */
export function RequireAuth() {
  const status = useDeferredValue(useSession().status);
  if (status === 'loading') return <StatusMessage>Loading...</StatusMessage>;
  if (status === 'signed-out') return <Navigate replace to="/login" />;
  return <Outlet />;
}
