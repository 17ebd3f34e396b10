import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { AccessTokens } from './AccessTokens';
import { ACCOUNT_EXPORT_FILE, ACCOUNT_EXPORT_URL, DELETE_CONFIRMATION, deleteAccount } from './api';
import { errorMessage } from '../../api/client';
import { AlertDialog } from '../../ui/AlertDialog';
import { Button } from '../../ui/Button';
import { StatusMessage } from '../../ui/StatusMessage';
import { SeasonStartSetting } from '../seasons';
import { TextField } from '../../ui/TextField';
import { useOutbox } from '../../api/outbox/outbox-context';

/** Where the home page says the account is gone. */
export const ACCOUNT_DELETED_PATH = '/?account=deleted';

/**
 * The user's settings and data rights: their season start, download everything kept about them, their access tokens
 * for other tools, or delete the account and all of it.
 */
export default function YourDataPage() {
  const outbox = useOutbox();
  const [isConfirming, setIsConfirming] = useState(false);
  const [typed, setTyped] = useState('');
  const erase = useMutation({
    mutationFn: async () => {
      await deleteAccount();
      // Changes still waiting on this device would bring records back once sent: they go too.
      for (const item of outbox?.items ?? []) await outbox?.outbox.remove(item.seq).catch(() => undefined);
    },
    // A full page load: nothing of the user stays in memory, and the home page says what happened.
    onSuccess: () => window.location.assign(ACCOUNT_DELETED_PATH),
  });
  const confirmed = typed.trim() === DELETE_CONFIRMATION;

  function closeDialog(isOpen: boolean) {
    if (isOpen || erase.isPending) return;
    setIsConfirming(false);
    setTyped('');
    erase.reset();
  }

  return (
    <div className="page page--narrow">
      <header className="page__header">
        <h1>Your data</h1>
      </header>

      <SeasonStartSetting />

      <section className="card your-data__section" aria-labelledby="download-heading">
        <h2 id="download-heading">Download everything</h2>
        <p>
          One zip file with every record you keep (as JSON and as the CSV export), every change ever made to
          them, your name and e-mail address as Cull Log knows them, the devices signed in as you, and your
          access tokens (never their secrets).
        </p>
        <a className="button button--secondary" href={ACCOUNT_EXPORT_URL} download={ACCOUNT_EXPORT_FILE}>
          Download your data (.zip)
        </a>
      </section>

      <AccessTokens />

      <section className="card your-data__section" aria-labelledby="delete-heading">
        <h2 id="delete-heading">Delete your account</h2>
        <p>
          Deleting your account erases every record you keep, their history, your figures and exports, and
          signs you out on every device. It cannot be undone: download your data first if you may want it.
        </p>
        <Button variant="danger" onPress={() => setIsConfirming(true)}>
          Delete my account
        </Button>
      </section>

      <AlertDialog
        isOpen={isConfirming}
        onOpenChange={closeDialog}
        title="Delete your account and every record?"
        confirmLabel="Delete my account"
        pendingLabel="Deleting..."
        isPending={erase.isPending}
        isConfirmDisabled={!confirmed}
        onConfirm={() => {
          if (confirmed) erase.mutate();
        }}
      >
        <p>
          Every record, its history, your figures and your sessions will be erased at once. This cannot be
          undone.
        </p>
        <TextField
          label={`Type ${DELETE_CONFIRMATION} to confirm`}
          value={typed}
          onChange={setTyped}
          autoComplete="off"
          isDisabled={erase.isPending}
        />
        {erase.isError ? (
          <StatusMessage kind="error">
            Your account was not deleted: {errorMessage(erase.error)}
          </StatusMessage>
        ) : null}
      </AlertDialog>
    </div>
  );
}
