import type { CullView } from '@cull-log/contracts';
import { CSV_COLUMNS } from '@cull-log/domain';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { fetchCull } from '../../features/records/api';
import { AlertDialog } from '../../ui/AlertDialog';
import { Button } from '../../ui/Button';
import { useOutbox } from '../../api/outbox/outbox-context';
import type { OutboxItem } from '../../api/outbox/outbox';
import { dropChange, keepMine } from '../../api/outbox/sync';

const DESCRIPTIONS: Record<OutboxItem['command']['kind'], string> = {
  create: 'New record',
  amend: 'Change to a record',
  delete: 'Deletion',
  'add-photo': 'Photo of a record',
  'remove-photo': 'Removal of a photo',
  'outing-sightings': 'Deer seen on an outing',
  'record-count': 'New count on a ground',
};

const describe = (item: OutboxItem) => DESCRIPTIONS[item.command.kind];

/** A field as users know it: its column heading, else its name in words. */
function fieldLabel(field: string): string {
  const heading = CSV_COLUMNS.find((column) => column.field === field)?.header;
  if (heading) return heading;
  const words = field.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const show = (value: unknown) =>
  value === null || value === undefined || value === '' ? '—' : String(value);

/** Both versions of the fields the user changed, side by side, so they can choose one. */
function ConflictChoice({ item, onDone }: { item: OutboxItem; onDone(): void }) {
  const outbox = useOutbox();
  const [server, setServer] = useState<CullView | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [isOpen, setIsOpen] = useState(false);
  const [isPending, setIsPending] = useState(false);
  const mine = item.command.kind === 'amend' ? item.command.body : {};
  const changed = Object.keys(mine).filter((key) => key !== 'expected_version');
  // The fields where the two versions differ; every changed field when they differ in none.
  const differing = changed.filter(
    (key) =>
      show((mine as Record<string, unknown>)[key]) !==
      show((server as Record<string, unknown> | undefined)?.[key]),
  );
  const fields = differing.length > 0 ? differing : changed;

  async function open() {
    setProblem(undefined);
    try {
      setServer(await fetchCull(item.command.recordId));
      setIsOpen(true);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }

  async function keep() {
    if (!outbox || !server) return;
    setIsPending(true);
    await keepMine(outbox.outbox, item, server.version);
    setIsPending(false);
    setIsOpen(false);
    outbox.syncNow();
    onDone();
  }

  return (
    <>
      <Button variant="secondary" onPress={() => void open()}>
        Choose a version
      </Button>
      {problem ? <span className="outbox__reason">{problem}</span> : null}
      <AlertDialog
        isOpen={isOpen}
        onOpenChange={setIsOpen}
        title="Changed elsewhere first"
        confirmLabel="Keep mine"
        pendingLabel="Keeping..."
        isPending={isPending}
        onConfirm={() => void keep()}
      >
        <p>This record was changed on another device before your change reached the server.</p>
        <table className="outbox__versions">
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Yours</th>
              <th scope="col">On the server</th>
            </tr>
          </thead>
          <tbody>
            {fields.map((field) => (
              <tr key={field}>
                <th scope="row">{fieldLabel(field)}</th>
                <td>{show((mine as Record<string, unknown>)[field])}</td>
                <td>{show((server as Record<string, unknown> | undefined)?.[field])}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>
          Keep mine sends your change again over the server&apos;s version; Cancel leaves the choice for
          later.
        </p>
        <Button
          variant="danger"
          onPress={() => {
            if (outbox) void dropChange(outbox.outbox, item);
            setIsOpen(false);
          }}
        >
          Use the server&apos;s
        </Button>
      </AlertDialog>
    </>
  );
}

/** A change the server would not take, or took from someone else first, with what the user can do about it. */
export default function NeedsAttention({ item }: { item: OutboxItem }) {
  const outbox = useOutbox();
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const id = item.command.recordId;
  return (
    <li className="outbox__item">
      <span>
        <strong>{describe(item)}</strong>
        {item.state === 'conflict' ? ' changed elsewhere first.' : ' not saved by the server: '}
        {item.state === 'refused' ? <span className="outbox__reason">{item.reason}</span> : null}
        {item.fields
          ? Object.entries(item.fields).map(([field, message]) => (
              <span key={field} className="outbox__reason">
                {' '}
                {fieldLabel(field)}: {message}
              </span>
            ))
          : null}
      </span>
      <span className="outbox__actions">
        {item.state === 'conflict' ? <ConflictChoice item={item} onDone={() => undefined} /> : null}
        {item.state === 'refused' && item.command.kind === 'amend' ? (
          <Link className="button button--secondary" to={`/edit-cull/${encodeURIComponent(id)}`}>
            Open to fix
          </Link>
        ) : null}
        {item.state === 'refused' ? (
          <Button variant="ghost" onPress={() => setConfirmDiscard(true)}>
            Discard
          </Button>
        ) : null}
      </span>
      <AlertDialog
        isOpen={confirmDiscard}
        onOpenChange={setConfirmDiscard}
        title="Discard this change?"
        confirmLabel="Discard"
        onConfirm={() => {
          if (outbox) void dropChange(outbox.outbox, item);
          setConfirmDiscard(false);
        }}
      >
        <p>The server refused it. Discarding removes it from this device for good.</p>
      </AlertDialog>
    </li>
  );
}
