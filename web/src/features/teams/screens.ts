import { defineScreen } from '../../ui/screen';
import {
  invitesQuery,
  membersQuery,
  permitsQuery,
  teamGroundsQuery,
  teamQuery,
  teamRecordsQuery,
  teamsQuery,
} from './api';

/** Teams: the user's teams, one team's people, invitations and grounds, and joining by a link. */
export const teamsScreens = [
  defineScreen({
    path: 'teams',
    title: 'Teams',
    heading: 'Teams',
    lead: 'Run a syndicate, an estate or a deer management group together: its grounds, its people and their roles.',
    signedIn: true,
    page: () => import('./TeamsPage'),
    firstReads: (queryClient) => queryClient.prefetchQuery(teamsQuery()),
  }),
  defineScreen({
    path: 'teams/:teamId',
    title: 'Team',
    signedIn: true,
    page: () => import('./TeamPage'),
    // The team and what every member reads of it start with the screen's code; then what the caller's role may read.
    firstReads: async (queryClient, { teamId = '' }) => {
      const [team] = await Promise.all([
        queryClient.fetchQuery(teamQuery(teamId)).catch(() => undefined),
        queryClient.prefetchQuery(teamGroundsQuery(teamId)),
        queryClient.prefetchQuery(teamRecordsQuery(teamId, 1)),
      ]);
      if (team === undefined || team.role === 'guest') return;
      await Promise.all([
        queryClient.prefetchQuery(membersQuery(teamId)),
        ...(team.role === 'manager'
          ? [queryClient.prefetchQuery(invitesQuery(teamId)), queryClient.prefetchQuery(permitsQuery(teamId))]
          : []),
      ]);
    },
  }),
  defineScreen({
    path: 'invites/:token',
    title: 'Invitation',
    heading: 'Invitation to a team',
    signedIn: true,
    page: () => import('./InvitePage'),
  }),
];
