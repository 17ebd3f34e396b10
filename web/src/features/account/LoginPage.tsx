import { landingAfterSignIn, MESSAGES } from '@cull-log/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { authOptionsQuery, devLogin, GOOGLE_SIGN_IN_URL } from './api';
import { queryKeys } from '../../api/keys';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { useSession } from '../../api/useSession';

function DevSignIn({ onFailure, landing }: { onFailure(): void; landing: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [isSigningIn, setIsSigningIn] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsSigningIn(true);
    try {
      const me = await devLogin(name.trim(), email.trim());
      queryClient.setQueryData(queryKeys.me, me);
      navigate(landing);
      // The session's own answer, which carries a notice when the account was about to be deleted for want of use.
      void queryClient.refetchQueries({ queryKey: queryKeys.me });
    } catch (error) {
      console.error('Development sign-in failed', error);
      onFailure();
      setIsSigningIn(false);
    }
  }

  return (
    <section className="card dev-login" aria-labelledby="dev-login-heading">
      <h2 id="dev-login-heading">Development sign-in</h2>
      <p className="dev-login__note">
        This server is running in development mode. Enter any name and e-mail address to sign in as that user.
        No password is checked, so never use this mode for real records.
      </p>
      <form className="form" onSubmit={submit} noValidate>
        <TextField label="Name" name="name" value={name} onChange={setName} autoComplete="name" isRequired />
        <TextField
          label="Email"
          name="email"
          type="email"
          value={email}
          onChange={setEmail}
          autoComplete="email"
          isRequired
        />
        <Button type="submit" variant="secondary" isDisabled={isSigningIn}>
          {isSigningIn ? 'Signing in...' : 'Sign in for development'}
        </Button>
      </form>
    </section>
  );
}

export default function LoginPage() {
  const session = useSession();
  const [searchParams] = useSearchParams();
  const options = useQuery(authOptionsQuery());
  const [isRedirecting, setIsRedirecting] = useState(false);
  const [failed, setFailed] = useState(searchParams.has('error'));

  // An invitation being opened when the sign-in was asked for is where it lands; anything else, the dashboard.
  const landing = landingAfterSignIn(searchParams.get('next'));
  if (session.status === 'signed-in') return <Navigate replace to={landing} />;

  // Until the server says otherwise, offer Google: it is the product's sign-in.
  const googleAvailable = options.data?.google ?? true;

  function signInWithGoogle() {
    setIsRedirecting(true);
    setFailed(false);
    window.location.assign(
      landing === '/dashboard'
        ? GOOGLE_SIGN_IN_URL
        : `${GOOGLE_SIGN_IN_URL}?next=${encodeURIComponent(landing)}`,
    );
  }

  return (
    <div className="page page--narrow login">
      <div className="card login__card">
        <h1>Sign in to Cull Log</h1>
        <p>Use your Google account to keep your cull records private to you.</p>
        {failed ? (
          <p className="form-error" role="alert">
            {MESSAGES.loginFailed}
          </p>
        ) : null}
        {googleAvailable ? (
          <Button className="button--wide" onPress={signInWithGoogle} isDisabled={isRedirecting}>
            {isRedirecting ? 'Signing in...' : 'Sign in with Google'}
          </Button>
        ) : (
          <p className="login__unavailable">Google sign-in is not configured on this server.</p>
        )}
        <p>
          <Link to="/">Back to Home</Link>
        </p>
      </div>
      {options.data?.dev ? <DevSignIn onFailure={() => setFailed(true)} landing={landing} /> : null}
    </div>
  );
}
