import { defineScreen } from '../../ui/screen';

export const larderScreens = [
  defineScreen({
    path: 'larder',
    title: 'Larder book',
    heading: 'Larder book',
    signedIn: true,
    page: () => import('./LarderPage'),
  }),
];
