import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { AccessTokens } from './AccessTokens';
import { InactivityNoticeText, UNUSED_ACCOUNT_RULE } from './InactivityNotice';
import { ACCOUNT_EXPORT_FILE, ACCOUNT_EXPORT_URL, DELETE_CONFIRMATION, deleteAccount } from './api';
import { SignInAgain } from './SignInAgain';
import { ApiRequestError, errorMessage } from '../../api/client';
import { AlertDialog } from '../../ui/AlertDialog';
import { Button } from '../../ui/Button';
import { StatusMessage } from '../../ui/StatusMessage';
import { SeasonStartSetting } from '../seasons';
import { TextField } from '../../ui/TextField';
import { useOutbox } from '../../api/outbox/outbox-context';
import { useInactivityNotice } from '../../api/useSession';

/** Where the home page says the account is gone. */
export const ACCOUNT_DELETED_PATH = '/?account=deleted';

const SIGNING_IN_AGAIN_FAILED =
  'Signing in again did not work, so your account was not deleted. Please try again.';

/** What the page says when signing in again (`?reauthentication=` on coming back) did not count, and why. */
const REAUTHENTICATION_FAILED: Record<string, string> = {
  other_account:
    'You signed in again with a different account, so yours was not deleted. Sign in again with your own account.',
  not_fresh: 'Google did not ask for your password again, so your account was not deleted. Please try again.',
  failed: SIGNING_IN_AGAIN_FAILED,
};

const needsReauthentication = (error: unknown) =>
  error instanceof ApiRequestError && error.code === 'reauthentication_required';

/** The server signs the user out everywhere before it erases: a service failing after that leaves the erasure half done. */
const isCutShort = (error: unknown) => error instanceof ApiRequestError && error.status === 503;

/**
 * The user's settings and data rights: their season start, download everything kept about them, their access tokens
 * for other tools, or delete the account and all of it.
 */
export default function YourDataPage() {
  const outbox = useOutbox();
  const inactivityNotice = useInactivityNotice();
  // Back from signing in again: the deletion dialog opens again, saying why if it did not count.
  const [searchParams, setSearchParams] = useSearchParams();
  const isBackFromSigningIn = searchParams.get('delete') === 'account';
  const returnedFailure = searchParams.get('reauthentication');
  const [isConfirming, setIsConfirming] = useState(isBackFromSigningIn);
  const [signInReason, setSignInReason] = useState<string | null>(
    isBackFromSigningIn && returnedFailure !== null
      ? (REAUTHENTICATION_FAILED[returnedFailure] ?? SIGNING_IN_AGAIN_FAILED)
      : null,
  );
  const [hasSignedInAgain, setHasSignedInAgain] = useState(false);
  const [typed, setTyped] = useState('');
  const erase = useMutation({
    mutationFn: async (confirmation: string) => {
      await deleteAccount(confirmation);
      // Changes still waiting on this device would bring records back once sent: they go too.
      for (const item of outbox?.items ?? []) await outbox?.outbox.remove(item.seq).catch(() => undefined);
    },
    // A full page load: nothing of the user stays in memory, and the home page says what happened.
    onSuccess: () => window.location.assign(ACCOUNT_DELETED_PATH),
    // The server asks for a fresh sign-in first: the dialog asks the user for it, in the server's words.
    onError: (error) => {
      if (needsReauthentication(error)) {
        setHasSignedInAgain(false);
        setSignInReason(error.message);
      }
    },
  });
  const confirmed = typed.trim() === DELETE_CONFIRMATION;

  function closeDialog(isOpen: boolean) {
    if (isOpen || erase.isPending) return;
    setIsConfirming(false);
    setTyped('');
    setSignInReason(null);
    setHasSignedInAgain(false);
    erase.reset();
    if (isBackFromSigningIn) setSearchParams({}, { replace: true });
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

      <section className="card your-data__section" aria-labelledby="keeping-heading">
        <h2 id="keeping-heading">Keeping your account</h2>
        {inactivityNotice === null ? null : <InactivityNoticeText notice={inactivityNotice} />}
        <p>{UNUSED_ACCOUNT_RULE}</p>
      </section>

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
        isConfirmDisabled={!confirmed || signInReason !== null}
        onConfirm={() => {
          if (confirmed && signInReason === null) erase.mutate(typed.trim());
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
        {signInReason !== null ? (
          <SignInAgain
            reason={signInReason}
            isDisabled={erase.isPending}
            onSignedIn={() => {
              setSignInReason(null);
              setHasSignedInAgain(true);
              erase.reset();
            }}
          />
        ) : null}
        {hasSignedInAgain ? (
          <StatusMessage>You have signed in again. Press Delete my account to delete it now.</StatusMessage>
        ) : null}
        {erase.isError && !needsReauthentication(erase.error) ? (
          <StatusMessage kind="error">
            {isCutShort(erase.error)
              ? `Your account was not completely deleted: ${errorMessage(erase.error)} You have been signed out: sign in again and delete it again to finish.`
              : `Your account was not deleted: ${errorMessage(erase.error)}`}
          </StatusMessage>
        ) : null}
      </AlertDialog>
    </div>
  );
}
