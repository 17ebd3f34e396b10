import type { Ground, Team, TeamMember } from '@cull-log/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/client';
import { refreshAfter } from '../../api/keys';
import { formatDate } from '../../lib/format';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { Select } from '../../ui/Select';
import { StatusMessage } from '../../ui/StatusMessage';
import { TextField } from '../../ui/TextField';
import { endPermit, grantPermit, permitsQuery, teamGroundsQuery } from './api';

const groundNames = (ids: readonly string[], grounds: readonly Ground[] | undefined) =>
  ids
    .map((id) => grounds?.find((ground) => ground.id === id)?.name ?? 'a ground no longer the team’s')
    .join(', ');

/** What the grant form still lacks, in the order it is filled in; undefined once it may be sent. */
function missing(uid: string, groundIds: ReadonlySet<string>, startsOn: string, endsOn: string) {
  if (uid === '') return 'Choose the guest';
  if (groundIds.size === 0) return 'Choose at least one ground';
  if (startsOn === '' || endsOn === '') return 'Give the permit’s first and last day';
  if (endsOn < startsOn) return 'The last day is on or after the first';
  return undefined;
}

/**
 * The guests' permits (managers only): each guest's grounds and days, ended here before its last day if need be, and
 * the form that grants one to a guest already in the team.
 */
export function Permits({ team, members }: { team: Team; members: readonly TeamMember[] }) {
  const queryClient = useQueryClient();
  const permits = useQuery(permitsQuery(team.id));
  const grounds = useQuery(teamGroundsQuery(team.id));
  const guests = members.filter((member) => member.role === 'guest');
  const [uid, setUid] = useState('');
  const [groundIds, setGroundIds] = useState<ReadonlySet<string>>(new Set());
  const [startsOn, setStartsOn] = useState('');
  const [endsOn, setEndsOn] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const refresh = () => refreshAfter(queryClient, 'team');
  const grant = useMutation({
    mutationFn: () =>
      grantPermit(team.id, { uid, ground_ids: [...groundIds], starts_on: startsOn, ends_on: endsOn }),
    onSuccess: () => {
      setGroundIds(new Set());
      setStartsOn('');
      setEndsOn('');
    },
    onSettled: refresh,
  });
  const end = useMutation({
    mutationFn: (permitId: string) => endPermit(team.id, permitId),
    onSettled: refresh,
  });
  const nameOf = (memberUid: string) =>
    members.find((member) => member.uid === memberUid)?.name ?? 'A guest no longer in the team';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const lack = missing(uid, groundIds, startsOn, endsOn);
    setProblem(lack);
    if (lack === undefined) grant.mutate();
  };
  const pick = (groundId: string, isPicked: boolean) => {
    const next = new Set(groundIds);
    if (isPicked) next.add(groundId);
    else next.delete(groundId);
    setGroundIds(next);
  };
  const failure = grant.error ?? end.error ?? permits.error;
  const openGrounds = (grounds.data ?? []).filter((ground) => !ground.archived);

  return (
    <section className="card team-section" aria-labelledby="permits-heading">
      <h2 id="permits-heading">Guests’ permits</h2>
      {failure ? <StatusMessage kind="error">{errorMessage(failure)}</StatusMessage> : null}
      {permits.data?.length === 0 ? <StatusMessage kind="empty">No permits running.</StatusMessage> : null}
      {permits.data !== undefined && permits.data.length > 0 ? (
        <ul className="team-permits" aria-label="Permits">
          {permits.data.map((permit) => (
            <li key={permit.id} className="team-permits__item">
              <span>
                <strong>{nameOf(permit.uid)}</strong>: {groundNames(permit.ground_ids, grounds.data)},{' '}
                {formatDate(permit.starts_on)} to {formatDate(permit.ends_on)}
              </span>
              <Button
                variant="ghost"
                isDisabled={end.isPending}
                onPress={() => end.mutate(permit.id)}
                aria-label={`End ${nameOf(permit.uid)}’s permit`}
              >
                End
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {guests.length === 0 ? (
        <p className="field__description">
          A permit is for a guest already in the team: invite them as a guest, then grant it here.
        </p>
      ) : (
        <form className="form team-permit-form" onSubmit={submit} aria-label="Grant a permit" noValidate>
          <Select
            label="Guest"
            options={guests.map((guest) => ({ id: guest.uid, label: guest.name }))}
            value={uid}
            onChange={setUid}
          />
          <fieldset className="form__choices">
            <legend>Grounds</legend>
            {openGrounds.length === 0 ? (
              <p className="field__description">Add a ground to the team first.</p>
            ) : (
              openGrounds.map((ground) => (
                <Checkbox
                  key={ground.id}
                  isSelected={groundIds.has(ground.id)}
                  onChange={(isPicked) => pick(ground.id, isPicked)}
                >
                  {ground.name}
                </Checkbox>
              ))
            )}
          </fieldset>
          <TextField label="First day" type="date" value={startsOn} onChange={setStartsOn} />
          <TextField label="Last day" type="date" value={endsOn} onChange={setEndsOn} />
          {problem === undefined ? null : (
            <p className="form-error" role="alert">
              {problem}
            </p>
          )}
          <Button type="submit" isDisabled={grant.isPending}>
            {grant.isPending ? 'Granting...' : 'Grant permit'}
          </Button>
        </form>
      )}
    </section>
  );
}
