import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  TOKEN_LIMITS,
  TOKEN_MESSAGES,
  type CreateTokenResponse,
  type TokenScope,
  type TokenSummary,
} from '@cull-log/contracts';
import { ApiRequestError, errorMessage } from '../../api/client';
import { formatUkDate } from '../../lib/format';
import { AlertDialog } from '../../ui/AlertDialog';
import { Button } from '../../ui/Button';
import { ChoiceGroup } from '../../ui/ChoiceGroup';
import { Select } from '../../ui/Select';
import { StatusMessage } from '../../ui/StatusMessage';
import { TextField } from '../../ui/TextField';
import { teamsQuery } from '../teams/api';
import { createToken, revokeToken, tokensQuery } from './api';

const SCOPE_LABELS: Record<TokenScope, string> = { read: 'Read only', write: 'Read and write' };
const SCOPE_OPTIONS = (Object.keys(SCOPE_LABELS) as TokenScope[]).map((id) => ({
  id,
  label: SCOPE_LABELS[id],
}));
const dayLabel = (days: number) => (days === 365 ? '1 year' : `${days} days`);
const DAY_OPTIONS = TOKEN_LIMITS.dayChoices.map((days) => ({ id: String(days), label: dayLabel(days) }));
/** The team select's choice for a token that is held to no team. */
const NO_TEAM = 'none';

const showDate = (iso: string) => formatUkDate(new Date(iso));

/** Puts the secret on the clipboard; where the browser will not, it stays on screen to select and copy by hand. */
function CopySecret({ secret }: { secret: string }) {
  const [copied, setCopied] = useState<boolean | undefined>(undefined);
  const copy = () => {
    if (navigator.clipboard === undefined) {
      setCopied(false);
      return;
    }
    navigator.clipboard.writeText(secret).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <span className="copy-secret">
      <Button variant="secondary" onPress={copy}>
        Copy token
      </Button>
      <span role="status" className="copy-secret__status">
        {copied === true ? 'Copied' : null}
        {copied === false ? 'Select the token to copy it' : null}
      </span>
    </span>
  );
}

/** The token just made, with its secret: shown until the user says they have it, and never again. */
function NewToken({ made, onDone }: { made: CreateTokenResponse; onDone: () => void }) {
  return (
    <div className="new-token" role="region" aria-label="Your new token">
      <p className="new-token__warning">
        <strong>{TOKEN_MESSAGES.shownOnce}</strong> Keep it somewhere safe, such as a password manager; anyone
        who has it can use Cull Log as you{made.scope === 'read' ? ' to read' : ''}.
      </p>
      <code className="new-token__secret" aria-label={`The token ${made.name}`}>
        {made.token}
      </code>
      <p className="new-token__actions">
        <CopySecret secret={made.token} />
        <Button variant="ghost" onPress={onDone}>
          I have copied it
        </Button>
      </p>
    </div>
  );
}

function TokenItem({
  token,
  teamName,
  onRevoke,
}: {
  token: TokenSummary;
  teamName: string | undefined;
  onRevoke: (token: TokenSummary) => void;
}) {
  const expired = new Date(token.expires_at).getTime() <= Date.now();
  return (
    <li className="cull-card" aria-label={token.name}>
      <h3>{token.name}</h3>
      <p className="cull-card__detail">
        {SCOPE_LABELS[token.scope]}
        {token.team === null ? '' : `, ${teamName ?? 'a team you are no longer in'} only`}
      </p>
      <p className="cull-card__detail">Made {showDate(token.created_at)}</p>
      <p className="cull-card__detail">
        {expired ? 'Expired' : 'Expires'} {showDate(token.expires_at)}
      </p>
      <p className="cull-card__detail">
        {token.last_used_at === null ? 'Never used' : `Last used ${showDate(token.last_used_at)}`}
      </p>
      <Button variant="secondary" aria-label={`Revoke ${token.name}`} onPress={() => onRevoke(token)}>
        Revoke
      </Button>
    </li>
  );
}

/**
 * Personal access tokens: the user lets another tool of theirs (a spreadsheet, a mapping program, a script) use the
 * API as them. Made here, shown once, listed with when each was last used, and revoked from here.
 */
export function AccessTokens() {
  const queryClient = useQueryClient();
  const tokens = useQuery(tokensQuery());
  const teams = useQuery(teamsQuery());
  const [name, setName] = useState('');
  const [scope, setScope] = useState<TokenScope>('read');
  const [days, setDays] = useState('90');
  const [team, setTeam] = useState(NO_TEAM);
  const [nameError, setNameError] = useState<string | undefined>(undefined);
  const [made, setMade] = useState<CreateTokenResponse | undefined>(undefined);
  const [revoking, setRevoking] = useState<TokenSummary | undefined>(undefined);
  const refresh = () => queryClient.invalidateQueries({ queryKey: tokensQuery().queryKey });

  const make = useMutation({
    mutationFn: () =>
      createToken({
        name: name.trim(),
        scope,
        expires_in_days: Number(days),
        ...(team === NO_TEAM ? {} : { team }),
      }),
    onSuccess: (answer) => {
      setMade(answer);
      setName('');
    },
    onSettled: refresh,
  });
  const revoke = useMutation({
    mutationFn: (token: TokenSummary) => revokeToken(token.id),
    onSuccess: () => setRevoking(undefined),
    onSettled: refresh,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    const problem =
      trimmed === ''
        ? TOKEN_MESSAGES.name
        : trimmed.length > TOKEN_LIMITS.name
          ? TOKEN_MESSAGES.nameLength
          : undefined;
    setNameError(problem);
    if (problem === undefined) {
      setMade(undefined);
      make.mutate();
    }
  };
  const fieldErrors = make.error instanceof ApiRequestError ? make.error.fields : undefined;
  const teamOptions = [
    { id: NO_TEAM, label: 'No team: your own records and every team of yours' },
    ...(teams.data ?? []).map(({ id, name: teamName }) => ({ id, label: teamName })),
  ];
  const teamNameOf = (id: string | null) => teams.data?.find((each) => each.id === id)?.name;

  return (
    <section className="card your-data__section" aria-labelledby="tokens-heading">
      <h2 id="tokens-heading">Personal access tokens</h2>
      <p>
        A token lets another tool of yours, such as a spreadsheet, a mapping program or a script, read your
        records through the Cull Log API (or change them too), sent as <code>Authorization: Bearer</code> and
        the token. A token can never download or delete your account, nor see your devices.
      </p>

      <form className="form access-token-form" onSubmit={submit} aria-label="Make a token" noValidate>
        <TextField
          label="Name"
          description="So you know which tool uses it, such as “Group spreadsheet”"
          value={name}
          onChange={setName}
          error={nameError ?? fieldErrors?.name}
          isRequired
          autoComplete="off"
        />
        <ChoiceGroup
          label="Access"
          name="token-scope"
          options={SCOPE_OPTIONS}
          value={scope}
          onChange={(next) => setScope(next as TokenScope)}
          error={fieldErrors?.scope}
        />
        <Select
          label="Expires after"
          options={DAY_OPTIONS}
          value={days}
          onChange={setDays}
          error={fieldErrors?.expires_in_days}
        />
        {teams.data !== undefined && teams.data.length > 0 ? (
          <Select
            label="Team (optional)"
            options={teamOptions}
            value={team}
            onChange={setTeam}
            error={fieldErrors?.team}
          />
        ) : null}
        <Button type="submit" isDisabled={make.isPending}>
          {make.isPending ? 'Making the token...' : 'Make token'}
        </Button>
      </form>
      {make.isError && fieldErrors === undefined ? (
        <StatusMessage kind="error">Could not make the token: {errorMessage(make.error)}</StatusMessage>
      ) : null}
      {made ? <NewToken made={made} onDone={() => setMade(undefined)} /> : null}

      <h3 className="access-tokens__heading">Your tokens</h3>
      {tokens.isPending ? <StatusMessage>Loading...</StatusMessage> : null}
      {tokens.isError ? (
        <StatusMessage kind="error">Error loading your tokens: {errorMessage(tokens.error)}</StatusMessage>
      ) : null}
      {tokens.data?.length === 0 ? (
        <StatusMessage kind="empty">You have no access tokens.</StatusMessage>
      ) : null}
      {tokens.data !== undefined && tokens.data.length > 0 ? (
        <ul className="cull-cards__list" aria-label="Your access tokens">
          {tokens.data.map((token) => (
            <TokenItem
              key={token.id}
              token={token}
              teamName={teamNameOf(token.team)}
              onRevoke={setRevoking}
            />
          ))}
        </ul>
      ) : null}

      <AlertDialog
        isOpen={revoking !== undefined}
        onOpenChange={(isOpen) => {
          if (!isOpen && !revoke.isPending) {
            setRevoking(undefined);
            revoke.reset();
          }
        }}
        title={`Revoke “${revoking?.name ?? ''}”?`}
        confirmLabel="Revoke token"
        pendingLabel="Revoking..."
        isPending={revoke.isPending}
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking);
        }}
      >
        <p>Any tool using this token is refused from now on. This cannot be undone.</p>
        {revoke.isError ? (
          <StatusMessage kind="error">Could not revoke the token: {errorMessage(revoke.error)}</StatusMessage>
        ) : null}
      </AlertDialog>
    </section>
  );
}
