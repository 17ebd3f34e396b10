import { TEAM_ROLES, type OpenInvite, type Team, type TeamMember, type TeamRole } from '@cull-log/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { refreshAfter } from '../../api/keys';
import { useSession } from '../../api/useSession';
import { formatDate, formatUkDate } from '../../lib/format';
import { Button } from '../../ui/Button';
import { Select } from '../../ui/Select';
import { StatusMessage } from '../../ui/StatusMessage';
import { TextField } from '../../ui/TextField';
import {
  changeRole,
  createInvite,
  createTeamGround,
  invitesQuery,
  removeMember,
  revokeInvite,
  ROLE_LABELS,
  ROLE_MEANINGS,
  TEAM_RECORDS_PAGE,
  teamGroundsQuery,
  teamRecordsQuery,
} from './api';
import { CountsDisclosure } from '../counts';
import { TrendsToggle } from '../grounds';
import { Permits } from './Permits';

/** Roles an invitation offers from here: a guest's needs a permit's grounds and days, made with the team's plan. */
const INVITE_ROLES = TEAM_ROLES.filter((role) => role !== 'guest');
const roleOptions = (roles: readonly TeamRole[]) =>
  roles.map((role) => ({ id: role, label: ROLE_LABELS[role] }));

/** Puts a link on the clipboard; where the browser will not, the link stays on screen to copy by hand. */
function CopyLink({ url, about }: { url: string; about: string }) {
  const [copied, setCopied] = useState<boolean | undefined>(undefined);
  const copy = () => {
    navigator.clipboard
      ?.writeText(url)
      .then(() => setCopied(true))
      .catch(() => setCopied(false));
    if (navigator.clipboard === undefined) setCopied(false);
  };
  return (
    <span className="copy-link">
      <Button variant="secondary" aria-label={`Copy link ${about}`} onPress={copy}>
        Copy link
      </Button>
      <span role="status" className="copy-link__status">
        {copied === true ? 'Copied' : null}
        {copied === false ? 'Select the link to copy it' : null}
      </span>
    </span>
  );
}

function Members({ team, members }: { team: Team; members: readonly TeamMember[] }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const session = useSession();
  const me = session.status === 'signed-in' ? session.user.uid : undefined;
  const isManager = team.role === 'manager';
  const refresh = () => refreshAfter(queryClient, 'team');
  const role = useMutation({
    mutationFn: ({ uid, next }: { uid: string; next: TeamRole }) => changeRole(team.id, uid, next),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (uid: string) => removeMember(team.id, uid),
    onSuccess: (_answer, uid) => {
      if (uid === me) navigate('/teams');
    },
    onSettled: refresh,
  });
  const failure = role.error ?? remove.error;
  return (
    <section className="card team-section" aria-labelledby="members-heading">
      <h2 id="members-heading">Members</h2>
      {failure ? <StatusMessage kind="error">{errorMessage(failure)}</StatusMessage> : null}
      <ul className="team-members">
        {members.map((member) => {
          const mine = member.uid === me;
          return (
            <li key={member.uid} className="team-members__item">
              <span className="team-members__name">
                {member.name}
                {mine ? ' (you)' : null}
              </span>
              {isManager ? (
                <Select
                  label={`Role of ${member.name}`}
                  hideLabel
                  options={roleOptions(TEAM_ROLES)}
                  value={member.role}
                  isDisabled={role.isPending}
                  onChange={(next) => role.mutate({ uid: member.uid, next: next as TeamRole })}
                />
              ) : (
                <span className="team-members__role">{ROLE_LABELS[member.role]}</span>
              )}
              {isManager || mine ? (
                <Button
                  variant="ghost"
                  isDisabled={remove.isPending}
                  onPress={() => remove.mutate(member.uid)}
                  aria-label={mine ? 'Leave the team' : `Remove ${member.name}`}
                >
                  {mine ? 'Leave' : 'Remove'}
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Invitations({ team }: { team: Team }) {
  const queryClient = useQueryClient();
  const invites = useQuery(invitesQuery(team.id));
  const [role, setRole] = useState<TeamRole>('stalker');
  const [uses, setUses] = useState('1');
  const refresh = () => refreshAfter(queryClient, 'team');
  const make = useMutation({
    mutationFn: () => createInvite(team.id, { role, max_uses: Number(uses) || 1 }),
    onSettled: refresh,
  });
  const withdraw = useMutation({ mutationFn: (id: string) => revokeInvite(team.id, id), onSettled: refresh });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    make.mutate();
  };
  const failure = make.error ?? withdraw.error;
  return (
    <section className="card team-section" aria-labelledby="invites-heading">
      <h2 id="invites-heading">Invitations</h2>
      <form className="form team-invite-form" onSubmit={submit} aria-label="Invite someone" noValidate>
        <Select
          label="Role offered"
          options={roleOptions(INVITE_ROLES)}
          value={role}
          onChange={(next) => setRole(next as TeamRole)}
        />
        <p className="field__description">
          A {ROLE_LABELS[role].toLowerCase()} {ROLE_MEANINGS[role]}.
        </p>
        <TextField
          label="How many people may use it"
          type="number"
          inputMode="numeric"
          min={1}
          max={50}
          value={uses}
          onChange={setUses}
        />
        <Button type="submit" isDisabled={make.isPending}>
          {make.isPending ? 'Making the link...' : 'Make an invitation link'}
        </Button>
      </form>
      {failure ? <StatusMessage kind="error">{errorMessage(failure)}</StatusMessage> : null}
      {make.data ? (
        <p className="team-invite-made">
          Send this link; it works for 7 days: <span className="team-invite-made__url">{make.data.url}</span>{' '}
          <CopyLink url={make.data.url} about="just made" />
        </p>
      ) : null}
      {invites.data !== undefined && invites.data.length > 0 ? (
        <ul className="team-invites" aria-label="Open invitations">
          {invites.data.map((invite: OpenInvite) => (
            <li key={invite.id} className="team-invites__item">
              <span>
                {ROLE_LABELS[invite.role]}, used {invite.uses} of {invite.max_uses}, until{' '}
                {formatUkDate(new Date(invite.expires_at))}
              </span>
              <CopyLink url={invite.url} about={`for a ${ROLE_LABELS[invite.role].toLowerCase()}`} />
              <Button
                variant="ghost"
                isDisabled={withdraw.isPending}
                onPress={() => withdraw.mutate(invite.id)}
                aria-label={`Withdraw the ${ROLE_LABELS[invite.role].toLowerCase()} link`}
              >
                Withdraw
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function Grounds({ team }: { team: Team }) {
  const queryClient = useQueryClient();
  const grounds = useQuery(teamGroundsQuery(team.id));
  const [name, setName] = useState('');
  const add = useMutation({
    mutationFn: () => createTeamGround(team.id, name.trim()),
    onSuccess: () => setName(''),
    onSettled: () => refreshAfter(queryClient, 'team'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() !== '') add.mutate();
  };
  return (
    <section className="card team-section" aria-labelledby="team-grounds-heading">
      <h2 id="team-grounds-heading">Grounds</h2>
      {grounds.data?.length === 0 ? (
        <StatusMessage kind="empty">The team has no grounds yet.</StatusMessage>
      ) : null}
      {grounds.data !== undefined && grounds.data.length > 0 ? (
        <ul className="team-grounds" aria-label="The team's grounds">
          {grounds.data.map((ground) => (
            <li key={ground.id}>
              {ground.name}
              {ground.archived ? ' (archived)' : null}
              {ground.archived ? null : <CountsDisclosure ground={ground} team={team} />}
              <TrendsToggle ground={ground} teamId={team.id} />
            </li>
          ))}
        </ul>
      ) : null}
      {team.role === 'manager' ? (
        <form className="form team-ground-form" onSubmit={submit} aria-label="Add a ground" noValidate>
          <TextField label="New ground’s name" value={name} onChange={setName} autoComplete="off" />
          {add.isError ? <StatusMessage kind="error">{errorMessage(add.error)}</StatusMessage> : null}
          <Button type="submit" isDisabled={add.isPending || name.trim() === ''}>
            Add ground
          </Button>
        </form>
      ) : null}
    </section>
  );
}

/** The culls on the team's grounds, newest first, each with who made it, a page at a time. */
function Records({ team }: { team: Team }) {
  const [page, setPage] = useState(1);
  const records = useQuery({ ...teamRecordsQuery(team.id, page), placeholderData: keepPreviousData });
  const pageCount = Math.max(1, Math.ceil((records.data?.total ?? 0) / TEAM_RECORDS_PAGE));
  return (
    <section className="card team-section" aria-labelledby="team-records-heading">
      <h2 id="team-records-heading">Culls on the team’s grounds</h2>
      {records.isError ? <StatusMessage kind="error">{errorMessage(records.error)}</StatusMessage> : null}
      {records.data?.total === 0 ? (
        <StatusMessage kind="empty">No culls on the team’s grounds yet.</StatusMessage>
      ) : null}
      {records.data !== undefined && records.data.items.length > 0 ? (
        <ul className="team-records" aria-label="The team's culls">
          {records.data.items.map((record) => (
            <li key={record.id} className="team-records__item">
              <span className="team-records__what">
                {record.species}, {record.sex.toLowerCase()}, {record.age_estimate.toLowerCase()}
              </span>
              <span className="team-records__detail">
                {formatDate(record.date)} {record.time} · {record.ground_name ?? 'no ground'} · culled by{' '}
                {record.culled_by?.name ?? 'a former member'}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {pageCount > 1 ? (
        <nav className="team-records__pages" aria-label="Pages of the team's culls">
          <Button variant="secondary" isDisabled={page <= 1} onPress={() => setPage(page - 1)}>
            Newer
          </Button>
          <span>
            Page {page} of {pageCount}
          </span>
          <Button variant="secondary" isDisabled={page >= pageCount} onPress={() => setPage(page + 1)}>
            Older
          </Button>
        </nav>
      ) : null}
    </section>
  );
}

/** The sections of a team's page, drawn once their first reads have all answered (see TeamPage). */
export default function TeamSections({
  team,
  members,
}: {
  team: Team;
  members: readonly TeamMember[] | undefined;
}) {
  return (
    <>
      {members ? <Members team={team} members={members} /> : null}
      {team.role === 'manager' ? <Invitations team={team} /> : null}
      {team.role === 'manager' && members ? <Permits team={team} members={members} /> : null}
      <Grounds team={team} />
      <Records team={team} />
    </>
  );
}
