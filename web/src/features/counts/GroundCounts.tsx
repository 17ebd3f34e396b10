import type { Count, Ground, ListedCount, Team } from '@cull-log/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { ApiRequestError, errorMessage } from '../../api/client';
import { refreshAfter } from '../../api/keys';
import { useOutbox } from '../../api/outbox/outbox-context';
import { countsWithPending } from '../../api/outbox/pending-merge';
import { useOnline } from '../../api/useOnline';
import { useSession } from '../../api/useSession';
import { withLocaleList } from '../../lib/locale-list';
import { Button } from '../../ui/Button';
import { useFeedback } from '../../ui/feedback-context';
import { StatusMessage } from '../../ui/StatusMessage';
import { countsQuery, deleteCount, densityQuery } from './api';
import type { DraftLine } from './count-draft';
import { CountForm } from './CountForm';
import { countName, CountList } from './CountList';
import { DensitySummary } from './DensitySummary';

const AlertDialog = lazy(
  withLocaleList(() => import('../../ui/AlertDialog').then(({ AlertDialog }) => ({ default: AlertDialog }))),
);

/** The ground's density, or why there is none: a ground with no boundary says to draw it (the server's words). */
function GroundDensity({ ground, teamId }: { ground: Ground; teamId: string | undefined }) {
  const density = useQuery(densityQuery(ground.id, teamId));
  if (density.isPending) return <StatusMessage>Loading the density...</StatusMessage>;
  if (density.isError) {
    const boundary = density.error instanceof ApiRequestError ? density.error.fields?.boundary : undefined;
    if (boundary !== undefined)
      return (
        <p className="density__missing" role="status">
          {boundary}
        </p>
      );
    return (
      <StatusMessage kind="error">The density could not be read: {errorMessage(density.error)}</StatusMessage>
    );
  }
  return <DensitySummary groundName={ground.name} density={density.data} />;
}

/**
 * A ground's counts and density: the density by species, the counts newest first, and a count recorded or changed. A
 * team's ground (`team`) shows every member's counts with who counted; a member counts there unless a viewer, and
 * changes only their own.
 */
export default function GroundCounts({ ground, team }: { ground: Ground; team?: Team }) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const { announce } = useFeedback();
  const session = useSession();
  const uid = session.status === 'signed-in' ? session.user.uid : undefined;
  const counts = useQuery(countsQuery(ground.id, team?.id));
  const outbox = useOutbox();
  const mayCount = team?.role !== 'viewer';
  const isOwn = (count: ListedCount) => team === undefined || count.counted_by?.uid === uid;
  // undefined: no form open; 'new': a new count; else the count being changed.
  const [editing, setEditing] = useState<Count | 'new' | undefined>();
  const [deleting, setDeleting] = useState<Count | undefined>();

  const remove = useMutation({
    mutationFn: (count: Count) => deleteCount(count.id),
    onSuccess: async (_answer, count) => {
      await refreshAfter(queryClient, 'count');
      setDeleting(undefined);
      announce(`${countName(count)} deleted`);
    },
  });

  const latest = counts.data?.items[0];
  const species: DraftLine['species'] =
    latest?.dung?.species ?? (latest?.items[0]?.species as DraftLine['species'] | undefined) ?? 'Roe Deer';
  const done = (saved: Pick<Count, 'method' | 'date'> | undefined, queued?: boolean) => {
    setEditing(undefined);
    if (saved)
      announce(
        queued
          ? `${countName(saved)} kept on this device, to be sent to ${ground.name} when there is a signal`
          : `${countName(saved)} saved on ${ground.name}`,
      );
  };

  return (
    <div className="ground-counts">
      <h4 className="ground-counts__heading">Density</h4>
      <GroundDensity ground={ground} teamId={team?.id} />
      <h4 className="ground-counts__heading">Counts</h4>
      {online ? null : (
        <p className="form__hint">
          A new count is kept on this device until there is a signal; counts are changed and deleted with one.
        </p>
      )}
      {editing === undefined ? (
        mayCount ? (
          <Button onPress={() => setEditing('new')}>+ Record a count</Button>
        ) : null
      ) : (
        <CountForm
          key={editing === 'new' ? 'new' : editing.id}
          ground={ground}
          count={editing === 'new' ? undefined : editing}
          species={species}
          onDone={done}
        />
      )}
      {counts.isPending ? (
        <StatusMessage>Loading counts...</StatusMessage>
      ) : counts.isError ? (
        <StatusMessage kind="error">Counts could not be loaded: {errorMessage(counts.error)}</StatusMessage>
      ) : (
        <CountList
          groundName={ground.name}
          counts={countsWithPending(counts.data.items, outbox?.items ?? [], ground.id)}
          canChange={online && editing === undefined}
          isOwn={isOwn}
          onEdit={setEditing}
          onDelete={setDeleting}
        />
      )}
      {deleting === undefined ? null : (
        <Suspense fallback={null}>
          <AlertDialog
            isOpen
            onOpenChange={(isOpen) => {
              if (!isOpen && !remove.isPending) setDeleting(undefined);
            }}
            title={`Delete the ${countName(deleting)}?`}
            confirmLabel="Delete"
            pendingLabel="Deleting..."
            isPending={remove.isPending}
            onConfirm={() => remove.mutate(deleting)}
          >
            <p>The count goes from {ground.name} and from its density. This cannot be undone.</p>
            {remove.error ? (
              <p className="form-error" role="alert">
                {errorMessage(remove.error)}
              </p>
            ) : null}
          </AlertDialog>
        </Suspense>
      )}
    </div>
  );
}
