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

/** The app's routes; loaders start a screen's reads on the shared query client while its code downloads. */
export const createRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <StatusMessage>Loading...</StatusMessage>,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'login', lazy: page(() => import('../pages/LoginPage')) },
      { path: 'terms', lazy: page(() => import('../pages/TermsPage')) },
      { path: 'privacy', lazy: page(() => import('../pages/PrivacyPage')) },
      {
        path: 'map',
        loader: () => {
          void prefetchMapPoints(queryClient);
          return null;
        },
        lazy: page(() => import('../pages/MapPage')),
      },
      {
        element: <RequireAuth />,
        children: [
          { path: 'dashboard', lazy: page(() => import('../pages/DashboardPage')) },
          { path: 'data', lazy: page(() => import('../pages/DataPage')) },
          { path: 'add-cull', lazy: page(() => import('../pages/AddCullPage')) },
          { path: 'edit-cull/:id', lazy: page(() => import('../pages/EditCullPage')) },
          { path: 'cull/:id', lazy: page(() => import('../pages/EditCullPage')) },
          { path: 'view-cull/:id', lazy: page(() => import('../pages/ViewCullPage')) },
          { path: 'sessions', lazy: page(() => import('../pages/SessionsPage')) },
        ],
      },
      { path: '*', element: <Navigate replace to="/" /> },
    ],
  },
];
