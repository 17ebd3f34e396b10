import { defineScreen } from '../../ui/screen';
import { teamsQuery } from './api';

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
  }),
  defineScreen({
    path: 'invites/:token',
    title: 'Invitation',
    heading: 'Invitation to a team',
    signedIn: true,
    page: () => import('./InvitePage'),
  }),
];
