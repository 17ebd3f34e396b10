import { defineScreen } from '../../ui/screen';
import { prefetchMapPoints } from './api';

export const mapScreens = [
  defineScreen({
    path: 'map',
    title: 'Map',
    heading: 'Interactive Map',
    lead: 'Where each of your culls was taken. Filter by season, species, sex and ground, and tap a marker to see the record.',
    // Open to visitors, who are shown how to sign in; the points are read once the session says who is here.
    signedIn: false,
    page: () => import('./MapPage'),
    firstReads: (queryClient) => prefetchMapPoints(queryClient),
  }),
];
