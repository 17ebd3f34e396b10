import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from './Button';

interface AlertDialogProps {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** What the button that answers no says; Cancel unless that would read as the action itself. */
  cancelLabel?: string;
  pendingLabel?: string;
  isPending?: boolean;
  /** Holds the action back until the user has done what the dialog asks (e.g. typed a confirmation). */
  isConfirmDisabled?: boolean;
  /** Danger for what cannot be undone; primary for going ahead with what the user chose. */
  confirmVariant?: 'danger' | 'primary';
  onConfirm(): void;
}

/** A confirmation that must be answered: Cancel (focused first, so Enter never destroys) or the action. */
export function AlertDialog({
  isOpen,
  onOpenChange,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  pendingLabel,
  isPending = false,
  isConfirmDisabled = false,
  confirmVariant = 'danger',
  onConfirm,
}: AlertDialogProps) {
  return (
    <ModalOverlay
      className="modal-overlay"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={!isPending}
    >
      <Modal className="modal">
        <Dialog role="alertdialog" className="dialog">
          <Heading slot="title" className="dialog__title">
            {title}
          </Heading>
          <div className="dialog__body">{children}</div>
          <div className="dialog__actions">
            <Button variant="secondary" onPress={() => onOpenChange(false)} isDisabled={isPending} autoFocus>
              {cancelLabel}
            </Button>
            <Button variant={confirmVariant} onPress={onConfirm} isDisabled={isPending || isConfirmDisabled}>
              {isPending ? (pendingLabel ?? confirmLabel) : confirmLabel}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
