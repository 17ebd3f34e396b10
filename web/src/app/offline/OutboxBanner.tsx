import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../ui/Button';
import { withLocaleList } from '../../lib/locale-list';
import { useOutbox } from '../../api/outbox/outbox-context';

// The choices and dialogs for a refused or conflicting change load only when there is one.
const NeedsAttention = lazy(withLocaleList(() => import('./NeedsAttention')));

/** How many changes wait to be sent, with Sync now, and the ones the server would not take, to sort out. */
export function OutboxBanner() {
  const outbox = useOutbox();
  if (!outbox || outbox.items.length === 0) return null;
  const waiting = outbox.items.filter((item) => item.state === 'waiting').length;
  const attention = outbox.items.filter((item) => item.state !== 'waiting');
  return (
    <section className="outbox" aria-label="Changes on this device">
      {waiting > 0 ? (
        <p className="outbox__summary" role="status">
          <span>
            {waiting === 1 ? '1 change is' : `${waiting} changes are`} waiting to sync.
            {outbox.needsSignIn ? (
              <>
                {' '}
                Your session has ended: <Link to="/login">sign in again</Link> to send them.
              </>
            ) : null}
          </span>
          <Button variant="secondary" onPress={outbox.syncNow} isDisabled={outbox.syncing}>
            {outbox.syncing ? 'Syncing...' : 'Sync now'}
          </Button>
        </p>
      ) : null}
      {attention.length > 0 ? (
        <ul className="outbox__list">
          <Suspense fallback={null}>
            {attention.map((item) => (
              <NeedsAttention key={item.seq} item={item} />
            ))}
          </Suspense>
        </ul>
      ) : null}
    </section>
  );
}
