import type { Count, ListedCount } from '@cull-log/contracts';
import { SYNC_STATE_LABELS, useSyncState } from '../../api/outbox/sync-status';
import { formatDate } from '../../lib/format';
import { Button } from '../../ui/Button';
import { lineWords, methodLabel, speciesTotals } from './count-words';
import { DungResult } from './DungResult';

interface CountListProps {
  groundName: string;
  counts: readonly ListedCount[];
  /** Changes are made with a signal. */
  canChange: boolean;
  /** Whether the user counted it (on a team's ground, only their own are theirs to change); every one without. */
  isOwn?(count: ListedCount): boolean;
  onEdit(count: Count): void;
  onDelete(count: Count): void;
}

/** "Vantage-point count, 20/03/2027". */
export const countName = (count: Pick<Count, 'method' | 'date'>) =>
  `${methodLabel(count.method)}, ${formatDate(count.date)}`;

type CountEntryProps = Omit<CountListProps, 'groundName' | 'counts'> & { count: ListedCount };

/**
 * One count. A new count still on this device says so (waiting, or refused with its reason in the outbox) and is
 * changed only once the server has it.
 */
function CountEntry({ count, canChange, isOwn, onEdit, onDelete }: CountEntryProps) {
  const syncState = useSyncState(count.id);
  const totals = speciesTotals(count);
  return (
    <li className="count-list__item">
      <h4 className="count-list__name">{countName(count)}</h4>
      {syncState === undefined ? null : (
        <span className={`sync-badge sync-badge--${syncState}`}>{SYNC_STATE_LABELS[syncState]}</span>
      )}
      {totals.length > 0 ? (
        <p className="count-list__totals">
          {totals.map(({ species, deer }) => `${species}: ${deer}`).join(' · ')}
        </p>
      ) : null}
      {count.method === 'dung' && count.dung === null ? (
        <p className="muted">The density is worked out once the count is sent.</p>
      ) : count.dung === null ? (
        <ul className="count-list__lines" aria-label={`Lines of the ${countName(count)}`}>
          {count.items
            .filter((item) => item.count > 0)
            .map((item) => (
              <li key={`${item.species}|${item.sex}|${item.age_class}`}>{lineWords(item)}</li>
            ))}
        </ul>
      ) : (
        <DungResult dung={count.dung} date={formatDate(count.date)} />
      )}
      {count.notes ? <p className="count-list__notes">{count.notes}</p> : null}
      {count.counted_by ? <p className="muted">Counted by {count.counted_by.name}</p> : null}
      {syncState !== undefined || (isOwn !== undefined && !isOwn(count)) ? null : (
        <div className="count-list__actions">
          <Button
            variant="secondary"
            onPress={() => onEdit(count)}
            isDisabled={!canChange}
            aria-label={`Change the ${countName(count)}`}
          >
            Change
          </Button>
          <Button
            variant="ghost"
            onPress={() => onDelete(count)}
            isDisabled={!canChange}
            aria-label={`Delete the ${countName(count)}`}
          >
            Delete
          </Button>
        </div>
      )}
    </li>
  );
}

/** A ground's counts, newest first: the day and method, each species' total, the lines and the notes. */
export function CountList({ groundName, counts, ...entry }: CountListProps) {
  if (counts.length === 0) return <p className="muted">No counts on {groundName} yet.</p>;
  return (
    <ul className="count-list" aria-label={`Counts on ${groundName}`}>
      {counts.map((count) => (
        <CountEntry key={count.id} count={count} {...entry} />
      ))}
    </ul>
  );
}
