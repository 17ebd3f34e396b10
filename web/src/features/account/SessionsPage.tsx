import type { SessionView } from '@cull-log/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../api/client';
import { Button } from '../../ui/Button';
import { StatusMessage } from '../../ui/StatusMessage';
import { formatUkDate } from '../../lib/format';
import { endOtherSessions, endSession, sessionsQuery } from './api';

const pad = (value: number) => String(value).padStart(2, '0');

/** dd/MM/yyyy HH:mm in the browser's own time zone. */
function formatMoment(iso: string): string {
  const moment = new Date(iso);
  return `${formatUkDate(moment)} ${pad(moment.getHours())}:${pad(moment.getMinutes())}`;
}

function SessionItem({
  session,
  onSignOut,
  isSigningOut,
}: {
  session: SessionView;
  onSignOut: (id: string) => void;
  isSigningOut: boolean;
}) {
  const name = `${session.device}, ${session.browser}`;
  return (
    <li className="cull-card" aria-label={name}>
      <h2>
        {name}
        {session.current ? ' (this device)' : null}
      </h2>
      <p className="cull-card__detail">Signed in {formatMoment(session.signed_in_at)}</p>
      <p className="cull-card__detail">Last seen {formatMoment(session.last_seen_at)}</p>
      {session.current ? null : (
        <Button
          variant="secondary"
          aria-label={`Sign out ${name}`}
          isDisabled={isSigningOut}
          onPress={() => onSignOut(session.id)}
        >
          Sign out
        </Button>
      )}
    </li>
  );
}

/** Every browser signed in as this user, each of which they can sign out from here. */
export default function SessionsPage() {
  const queryClient = useQueryClient();
  const sessions = useQuery(sessionsQuery());
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey });
  const endOne = useMutation({ mutationFn: endSession, onSettled: refresh });
  const endOthers = useMutation({ mutationFn: endOtherSessions, onSettled: refresh });

  if (sessions.isPending) {
    return (
      <div className="page page--narrow">
        <h1>Signed-in devices</h1>
        <StatusMessage>Loading...</StatusMessage>
      </div>
    );
  }
  if (sessions.isError) {
    return (
      <div className="page page--narrow">
        <h1>Signed-in devices</h1>
        <StatusMessage kind="error">Error loading your devices: {errorMessage(sessions.error)}</StatusMessage>
      </div>
    );
  }
  const hasOthers = sessions.data.sessions.some((session) => !session.current);
  const failure = endOne.error ?? endOthers.error;
  return (
    <div className="page page--narrow">
      <header className="page__header">
        <h1>Signed-in devices</h1>
        {hasOthers ? (
          <Button variant="danger" isDisabled={endOthers.isPending} onPress={() => endOthers.mutate()}>
            {endOthers.isPending ? 'Signing out...' : 'Sign out all other devices'}
          </Button>
        ) : null}
      </header>
      <p>
        These browsers are signed in as you. Sign out any you do not recognise or no longer use; it will need
        to sign in with Google again.
      </p>
      {failure ? (
        <StatusMessage kind="error">Could not sign out: {errorMessage(failure)}</StatusMessage>
      ) : null}
      {endOthers.isSuccess ? (
        <StatusMessage kind="empty">
          Signed out {endOthers.data.ended} other {endOthers.data.ended === 1 ? 'device' : 'devices'}.
        </StatusMessage>
      ) : null}
      {/* The record cards' list and card styles, so the stylesheet stays as it is. */}
      <ul className="cull-cards__list" aria-label="Signed-in devices">
        {sessions.data.sessions.map((session) => (
          <SessionItem
            key={session.id}
            session={session}
            isSigningOut={endOne.isPending}
            onSignOut={(id) => endOne.mutate(id)}
          />
        ))}
      </ul>
    </div>
  );
}
