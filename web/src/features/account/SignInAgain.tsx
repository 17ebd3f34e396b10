import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { authOptionsQuery, devReauthenticate, GOOGLE_REAUTHENTICATION_URL } from './api';
import { errorMessage } from '../../api/client';
import { Button } from '../../ui/Button';
import { StatusMessage } from '../../ui/StatusMessage';
import { TextField } from '../../ui/TextField';

interface SignInAgainProps {
  /** Why the user is asked: the server's refusal, or what went wrong the last time they tried. */
  reason: string;
  /** Signed in again without leaving the page (the development sign-in). */
  onSignedIn(): void;
  isDisabled?: boolean;
}

/**
 * Asks the signed-in user to sign in again before their account is deleted: with Google, a round trip that asks for
 * their password and comes back to the deletion dialog; in development, their e-mail address typed again.
 */
export function SignInAgain({ reason, onSignedIn, isDisabled = false }: SignInAgainProps) {
  const options = useQuery(authOptionsQuery());
  const [email, setEmail] = useState('');
  const [isSending, setIsSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [isLeaving, setIsLeaving] = useState(false);

  async function signInForDevelopment(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsSending(true);
    setFailure(null);
    try {
      await devReauthenticate(email.trim());
      onSignedIn();
    } catch (error) {
      setFailure(errorMessage(error));
      setIsSending(false);
    }
  }

  return (
    <div className="sign-in-again">
      <StatusMessage kind="error">{reason}</StatusMessage>
      {options.data?.dev ? (
        <form className="form" onSubmit={signInForDevelopment} noValidate>
          <TextField
            label="Your e-mail address"
            name="email"
            type="email"
            value={email}
            onChange={setEmail}
            autoComplete="email"
            isRequired
            isDisabled={isDisabled || isSending}
          />
          <Button
            type="submit"
            variant="secondary"
            isDisabled={isDisabled || isSending || email.trim() === ''}
          >
            {isSending ? 'Signing in...' : 'Sign in again'}
          </Button>
          {failure === null ? null : <StatusMessage kind="error">{failure}</StatusMessage>}
        </form>
      ) : (
        <Button
          variant="secondary"
          isDisabled={isDisabled || isLeaving}
          onPress={() => {
            setIsLeaving(true);
            window.location.assign(GOOGLE_REAUTHENTICATION_URL);
          }}
        >
          {isLeaving ? 'Signing in...' : 'Sign in again with Google'}
        </Button>
      )}
    </div>
  );
}
