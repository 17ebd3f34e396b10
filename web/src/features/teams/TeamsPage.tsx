import { TEAM_KINDS, TEAM_LIMITS, type TeamKind } from '@cull-log/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { refreshAfter } from '../../api/keys';
import { Button } from '../../ui/Button';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { Select } from '../../ui/Select';
import { StatusMessage } from '../../ui/StatusMessage';
import { TextField } from '../../ui/TextField';
import { createTeam, KIND_LABELS, ROLE_LABELS, teamsQuery } from './api';

const KIND_OPTIONS = TEAM_KINDS.map((kind) => ({ id: kind, label: KIND_LABELS[kind] }));

/** The form that starts a team, its maker its first manager. */
function NewTeam() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<TeamKind | ''>('');
  const [shown, setShown] = useState(false);
  const create = useMutation({
    mutationFn: createTeam,
    onSuccess: async (team) => {
      await refreshAfter(queryClient, 'team');
      navigate(`/teams/${team.id}`);
    },
  });
  const nameError = shown && name.trim() === '' ? 'Name is required' : undefined;
  const kindError = shown && kind === '' ? 'Choose what kind of group it is' : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShown(true);
    if (name.trim() === '' || kind === '') return;
    create.mutate({ name: name.trim(), kind });
  };
  return (
    <form className="form card team-form" onSubmit={submit} aria-label="Start a team" noValidate>
      <h2>Start a team</h2>
      <TextField
        label="Name"
        value={name}
        onChange={setName}
        error={nameError}
        isRequired
        autoComplete="off"
      />
      <Select
        label="Kind"
        options={KIND_OPTIONS}
        value={kind}
        onChange={(value) => setKind(value as TeamKind)}
        error={kindError}
        isRequired
      />
      <p className="field__description">
        You will be its manager. Invite the others with a link once it is made. At most {TEAM_LIMITS.name}{' '}
        characters in the name.
      </p>
      {create.isError ? (
        <StatusMessage kind="error">Could not start the team: {errorMessage(create.error)}</StatusMessage>
      ) : null}
      <Button type="submit" isDisabled={create.isPending}>
        {create.isPending ? 'Starting...' : 'Start team'}
      </Button>
    </form>
  );
}

/** The user's teams, each with their role, and the form to start another. */
export default function TeamsPage() {
  const teams = useQuery(teamsQuery());
  return (
    <div className="page page--narrow">
      <ScreenHeader />
      {teams.isPending ? <StatusMessage>Loading...</StatusMessage> : null}
      {teams.isError ? (
        <StatusMessage kind="error">Error loading your teams: {errorMessage(teams.error)}</StatusMessage>
      ) : null}
      {teams.data?.length === 0 ? (
        <StatusMessage kind="empty">
          You are in no team yet. Start one below, or open the invitation link a team’s manager sent you.
        </StatusMessage>
      ) : null}
      {teams.data !== undefined && teams.data.length > 0 ? (
        <ul className="team-list" aria-label="Your teams">
          {teams.data.map((team) => (
            <li key={team.id} className="card team-list__item">
              <Link to={`/teams/${team.id}`} className="team-list__name">
                {team.name}
              </Link>
              <span className="team-list__detail">
                {KIND_LABELS[team.kind]} · you are {ROLE_LABELS[team.role].toLowerCase()}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <NewTeam />
    </div>
  );
}
