import { lazy, Suspense } from 'react';
import { withLocaleList } from '../../lib/locale-list';

/** The dialog's code downloads when the user first leaves a changed form: the form need not wait for it. */
const AlertDialog = lazy(
  withLocaleList(() => import('../../ui/AlertDialog').then(({ AlertDialog }) => ({ default: AlertDialog }))),
);

interface DiscardFormDialogProps {
  isOpen: boolean;
  /** A new record, or changes to one already saved. */
  kind: 'record' | 'changes';
  onKeepEditing(): void;
  onDiscard(): void;
}

/** Asked when the user leaves a form holding unsaved input (Back, Cancel, another screen): keep editing, or discard. */
export function DiscardFormDialog({ isOpen, kind, onKeepEditing, onDiscard }: DiscardFormDialogProps) {
  if (!isOpen) return null;
  return (
    <Suspense fallback={null}>
      <AlertDialog
        isOpen
        onOpenChange={(open) => {
          if (!open) onKeepEditing();
        }}
        title={kind === 'record' ? 'Discard this record?' : 'Discard your changes?'}
        confirmLabel="Discard"
        cancelLabel="Keep editing"
        onConfirm={onDiscard}
      >
        <p>
          {kind === 'record'
            ? 'What you have typed has not been saved. Discarding it cannot be undone.'
            : 'Your changes to this record have not been saved. Discarding them cannot be undone.'}
        </p>
      </AlertDialog>
    </Suspense>
  );
}
