import { lazy, Suspense } from 'react';
import { withLocaleList } from '../../lib/locale-list';

const AlertDialog = lazy(
  withLocaleList(() => import('../../ui/AlertDialog').then(({ AlertDialog }) => ({ default: AlertDialog }))),
);

interface WeightConfirmDialogProps {
  /** Why the weight is asked about (domain weightToConfirm); the dialog is shown while there is a reason. */
  reason: string | undefined;
  weight: string;
  onChangeWeight(): void;
  onKeep(): void;
}

/** Asked at Save when the weight is 0 or more than the species plausibly weighs: change it, or keep it as typed. */
export function WeightConfirmDialog({ reason, weight, onChangeWeight, onKeep }: WeightConfirmDialogProps) {
  if (reason === undefined) return null;
  return (
    <Suspense fallback={null}>
      <AlertDialog
        isOpen
        onOpenChange={(open) => {
          if (!open) onChangeWeight();
        }}
        title={`Is ${weight} kg right?`}
        confirmLabel={`Save with ${weight} kg`}
        cancelLabel="Change the weight"
        confirmVariant="primary"
        onConfirm={onKeep}
      >
        <p>{reason}</p>
      </AlertDialog>
    </Suspense>
  );
}
