import { groundsQuery } from '../grounds/api';
import { currentSeason } from '../seasons/api';
import { planProgressQuery } from '../plans/api';
import { defineScreen } from '../../ui/screen';
import { statsQuery } from './api';

export const dashboardScreens = [
  defineScreen({
    path: 'dashboard',
    title: 'Dashboard',
    heading: 'Dashboard',
    lead: 'Your season at a glance: culls by species, sex and month, your outings, and progress against your cull plan.',
    signedIn: true,
    page: () => import('./DashboardPage'),
    firstReads: async (queryClient) => {
      const season = await currentSeason(queryClient);
      return Promise.all([
        queryClient.prefetchQuery(statsQuery(season)),
        queryClient.prefetchQuery(planProgressQuery(season)),
        queryClient.prefetchQuery(groundsQuery()),
      ]);
    },
  }),
];
