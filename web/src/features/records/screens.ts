import type { QueryClient } from '@tanstack/react-query';
import { groundsQuery, outingsQuery } from '../grounds/api';
import { settingsQuery } from '../seasons/api';
import { defineScreen } from '../../ui/screen';
import { cullQuery, cullsQuery } from './api';

/** What the record form offers, whether it adds a record or edits one: the user's grounds and outings. */
const recordFormReads = (queryClient: QueryClient) =>
  Promise.all([queryClient.prefetchQuery(groundsQuery()), queryClient.prefetchQuery(outingsQuery())]);

/** The edit form, at an address of its own. */
const editForm = <const Path extends string>(path: Path) =>
  defineScreen({
    path,
    title: 'Edit cull',
    heading: 'Edit Cull Record',
    signedIn: true,
    page: () => import('./EditCullPage'),
    firstReads: (queryClient, { id }) =>
      Promise.all([id && queryClient.prefetchQuery(cullQuery(id)), recordFormReads(queryClient)]),
  });

/** Recording, listing, reading and changing culls. */
export const recordsScreens = [
  defineScreen({
    path: 'data',
    title: 'Cull data',
    heading: 'Cull Data',
    lead: 'Every cull you have recorded, newest first. Search, sort and open them, or export a season as a CSV file.',
    signedIn: true,
    page: () => import('./DataPage'),
    needsLocaleList: true,
    firstReads: async (queryClient, _params, search) => {
      const settings = queryClient.prefetchQuery(settingsQuery());
      // Reading the address takes the list's own check of it, with the contracts' plain words: not in the first download.
      const { paramsFrom } = await import('./data-params');
      return Promise.all([queryClient.prefetchQuery(cullsQuery(paramsFrom(search))), settings]);
    },
  }),
  defineScreen({
    path: 'add-cull',
    title: 'Add cull',
    heading: 'Add New Cull Record',
    signedIn: true,
    page: () => import('./AddCullPage'),
    firstReads: recordFormReads,
  }),
  editForm('edit-cull/:id'),
  // The specification names this address for the edit form too.
  editForm('cull/:id'),
  defineScreen({
    path: 'view-cull/:id',
    title: 'Cull record',
    signedIn: true,
    page: () => import('./ViewCullPage'),
    firstReads: (queryClient, { id }) => id && queryClient.prefetchQuery(cullQuery(id)),
  }),
];
