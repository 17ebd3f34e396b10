import { defineScreen } from '../../ui/screen';

/** Bringing records in from a spreadsheet: a Cull Log export, First Light Cull Diary's, or the user's own columns. */
export const importsScreens = [
  defineScreen({
    path: 'import',
    title: 'Import records',
    heading: 'Import records',
    lead: 'Bring in culls kept elsewhere, from a CSV file or a spreadsheet: you see every row before anything is written.',
    signedIn: true,
    page: () => import('./ImportPage'),
    // The list of imports comes with the screen's code; the code that reads it is not in the first download.
    firstReads: async (queryClient) => {
      const { importsQuery } = await import('./api');
      return queryClient.prefetchQuery(importsQuery());
    },
  }),
];
