import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { prefetchMapPoints } from '../api/queries';
import { Layout } from '../components/Layout';
import { StatusMessage } from '../components/StatusMessage';
import { HomePage } from '../pages/HomePage';
import { RequireAuth } from './RequireAuth';
import { RouteError } from './RouteError';

/** Screens other than home load on demand, so the first page downloads only what it shows. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/** What a route tells the layout: the screen's own name, for the document title. */
export interface RouteHandle {
  title: string;
}

const titled = (title: string): { handle: RouteHandle } => ({ handle: { title } });

/** The app's routes; loaders start a screen's reads on the shared query client while its code downloads. */
export const createRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <StatusMessage>Loading...</StatusMessage>,
    children: [
      { index: true, element: <HomePage />, ...titled('Home') },
      { path: 'login', lazy: page(() => import('../pages/LoginPage')), ...titled('Login') },
      { path: 'terms', lazy: page(() => import('../pages/TermsPage')), ...titled('Terms & Conditions') },
      { path: 'privacy', lazy: page(() => import('../pages/PrivacyPage')), ...titled('Privacy Policy') },
      {
        path: 'map',
        ...titled('Map'),
        loader: () => {
          void prefetchMapPoints(queryClient);
          return null;
        },
        lazy: page(() => import('../pages/MapPage')),
      },
      {
        element: <RequireAuth />,
        children: [
          { path: 'dashboard', lazy: page(() => import('../pages/DashboardPage')), ...titled('Dashboard') },
          { path: 'data', lazy: page(() => import('../pages/DataPage')), ...titled('Cull data') },
          { path: 'grounds', lazy: page(() => import('../pages/GroundsPage')), ...titled('Grounds') },
          { path: 'plans', lazy: page(() => import('../pages/PlansPage')), ...titled('Cull plan') },
          { path: 'larder', lazy: page(() => import('../pages/LarderPage')), ...titled('Larder book') },
          { path: 'add-cull', lazy: page(() => import('../pages/AddCullPage')), ...titled('Add cull') },
          {
            path: 'edit-cull/:id',
            lazy: page(() => import('../pages/EditCullPage')),
            ...titled('Edit cull'),
          },
          { path: 'cull/:id', lazy: page(() => import('../pages/EditCullPage')), ...titled('Edit cull') },
          {
            path: 'view-cull/:id',
            lazy: page(() => import('../pages/ViewCullPage')),
            ...titled('Cull record'),
          },
          {
            path: 'sessions',
            lazy: page(() => import('../pages/SessionsPage')),
            ...titled('Signed-in devices'),
          },
          { path: 'your-data', lazy: page(() => import('../pages/YourDataPage')), ...titled('Your data') },
        ],
      },
      { path: '*', element: <Navigate replace to="/" /> },
    ],
  },
];
