import { defineScreen } from '../../ui/screen';

export const groundsScreens = [
  defineScreen({
    path: 'grounds',
    title: 'Grounds',
    heading: 'Grounds',
    signedIn: true,
    page: () => import('./GroundsPage'),
  }),
];
