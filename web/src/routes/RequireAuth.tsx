import { Navigate, Outlet } from 'react-router-dom';
import { StatusMessage } from '../components/StatusMessage';
import { useSession } from '../hooks/useSession';

/** Protected routes: 'Loading...' while the session resolves, then /login (replacing history) if signed out. */
export function RequireAuth() {
  const session = useSession();
  if (session.status === 'loading') return <StatusMessage>Loading...</StatusMessage>;
  if (session.status === 'signed-out') return <Navigate replace to="/login" />;
  return <Outlet />;
}
