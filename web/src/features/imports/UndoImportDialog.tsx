import type { ImportSummary } from '@cull-log/contracts';
import { lazy, Suspense } from 'react';
import { withLocaleList } from '../../lib/locale-list';
import { recordCount } from './words';

/** The dialog's code downloads when an undo is first asked for: the screen need not wait for it. */
const AlertDialog = lazy(
  withLocaleList(() => import('../../ui/AlertDialog').then(({ AlertDialog }) => ({ default: AlertDialog }))),
);

interface UndoImportDialogProps {
  /** The import to undo; the dialog is open while there is one. */
  item: ImportSummary | null;
  isPending: boolean;
  onCancel(): void;
  onConfirm(): void;
}

/** "Undo this import?": what will go, said plainly before it goes. */
export function UndoImportDialog({ item, isPending, onCancel, onConfirm }: UndoImportDialogProps) {
  if (item === null) return null;
  return (
    <Suspense fallback={null}>
      <AlertDialog
        isOpen
        onOpenChange={(isOpen) => {
          if (!isOpen && !isPending) onCancel();
        }}
        title="Undo this import?"
        confirmLabel="Undo import"
        pendingLabel="Undoing..."
        isPending={isPending}
        onConfirm={onConfirm}
      >
        <p>
          The {recordCount(item.imported)} imported from {item.file_name} will be removed from Cull Log.
        </p>
      </AlertDialog>
    </Suspense>
  );
}
