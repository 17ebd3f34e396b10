import { defineScreen } from '../../ui/screen';

export const plansScreens = [
  defineScreen({
    path: 'plans',
    title: 'Cull plan',
    heading: 'Cull plan',
    signedIn: true,
    page: () => import('./PlansPage'),
  }),
];
