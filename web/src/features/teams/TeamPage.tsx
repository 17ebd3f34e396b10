import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue } from 'react';
import { useParams } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { useDocumentTitle } from '../../ui/screen';
import { StatusMessage } from '../../ui/StatusMessage';
import {
  invitesQuery,
  KIND_LABELS,
  membersQuery,
  permitsQuery,
  ROLE_LABELS,
  ROLE_MEANINGS,
  teamGroundsQuery,
  teamQuery,
  teamRecordsQuery,
} from './api';

// The sections' forms and their controls come in a chunk of their own, asked for once the team's name and lead are on
// the screen: what downloads before them only holds them back.
const TeamSections = lazy(() => import('./TeamSections'));

/** One team: who is in it and in what role, its invitations (for managers), its grounds and the culls on them. */
export default function TeamPage() {
  const { teamId = '' } = useParams();
  const team = useQuery(teamQuery(teamId));
  const known = team.data !== undefined;
  const manager = team.data?.role === 'manager';
  const members = useQuery({ ...membersQuery(teamId), enabled: known && team.data?.role !== 'guest' });
  // Every section's first read at once, and the sections drawn when they have all answered: a section that filled in
  // later would push the ones under it down the screen as someone reads it.
  const firstReads = [
    members,
    useQuery({ ...invitesQuery(teamId), enabled: manager }),
    useQuery({ ...permitsQuery(teamId), enabled: manager }),
    useQuery({ ...teamGroundsQuery(teamId), enabled: known }),
    useQuery({ ...teamRecordsQuery(teamId, 1), enabled: known }),
  ];
  // The sections are drawn in a pass of their own, which React splits into short tasks: the team's name and lead are on
  // the screen first, and the page answers a tap while the sections are drawn.
  const drawSections = useDeferredValue(
    firstReads.every((read) => !read.isLoading),
    false,
  );
  useDocumentTitle(team.data?.name);
  if (team.isPending) {
    return (
      <div className="page page--narrow">
        <h1>Team</h1>
        <StatusMessage>Loading...</StatusMessage>
      </div>
    );
  }
  if (team.isError) {
    return (
      <div className="page page--narrow">
        <h1>Team</h1>
        <StatusMessage kind="error">{errorMessage(team.error)}</StatusMessage>
      </div>
    );
  }
  return (
    <div className="page page--narrow">
      <div className="page__header">
        <h1>{team.data.name}</h1>
      </div>
      <p className="page__lead">
        {KIND_LABELS[team.data.kind]}. You are its {ROLE_LABELS[team.data.role].toLowerCase()}: a{' '}
        {ROLE_LABELS[team.data.role].toLowerCase()} {ROLE_MEANINGS[team.data.role]}.
      </p>
      {!drawSections ? (
        <StatusMessage>Loading...</StatusMessage>
      ) : (
        <Suspense fallback={<StatusMessage>Loading...</StatusMessage>}>
          <TeamSections team={team.data} members={members.data} />
        </Suspense>
      )}
    </div>
  );
}
