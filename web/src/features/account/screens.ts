import { defineScreen } from '../../ui/screen';

/** Signing in, the legal pages and the user's own account. */
export const accountScreens = [
  defineScreen({
    path: 'login',
    title: 'Login',
    heading: 'Sign in to Cull Log',
    signedIn: false,
    page: () => import('./LoginPage'),
  }),
  defineScreen({
    path: 'terms',
    title: 'Terms & Conditions',
    heading: 'Terms & Conditions',
    signedIn: false,
    page: () => import('./TermsPage'),
  }),
  defineScreen({
    path: 'privacy',
    title: 'Privacy Policy',
    heading: 'Privacy Policy',
    signedIn: false,
    page: () => import('./PrivacyPage'),
  }),
  defineScreen({
    path: 'sessions',
    title: 'Signed-in devices',
    heading: 'Signed-in devices',
    signedIn: true,
    page: () => import('./SessionsPage'),
  }),
  defineScreen({
    path: 'your-data',
    title: 'Your data',
    heading: 'Your data',
    signedIn: true,
    page: () => import('./YourDataPage'),
    needsLocaleList: true,
  }),
];
