import { MESSAGES, type Cull } from '@cull-log/contracts';
import { formatDate } from '../../lib/format';
import { lazy, Suspense } from 'react';
import { withLocaleList } from '../../lib/locale-list';

/** The dialog's code downloads when a delete is first asked for: a screen that lists records need not wait for it. */
const AlertDialog = lazy(
  withLocaleList(() => import('../../ui/AlertDialog').then(({ AlertDialog }) => ({ default: AlertDialog }))),
);

interface DeleteCullDialogProps {
  /** The record to delete; the dialog is open while there is one. */
  record: Pick<Cull, 'species' | 'date' | 'location_name'> | null;
  isPending: boolean;
  onCancel(): void;
  onConfirm(): void;
}

/** "Delete Fox, 23/11/2026, Home Wood?": the record named, and said plainly that deleting is final. */
export function DeleteCullDialog({ record, isPending, onCancel, onConfirm }: DeleteCullDialogProps) {
  if (record === null) return null;
  return (
    <Suspense fallback={null}>
      <AlertDialog
        isOpen
        onOpenChange={(isOpen) => {
          if (!isOpen && !isPending) onCancel();
        }}
        title={`Delete ${record.species}, ${formatDate(record.date)}, ${record.location_name}?`}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        isPending={isPending}
        onConfirm={onConfirm}
      >
        <p>{MESSAGES.deleteConfirm}</p>
      </AlertDialog>
    </Suspense>
  );
}
