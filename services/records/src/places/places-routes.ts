import type { FastifyPluginAsync } from 'fastify';
import { PlaceSearchQuery, type PlacesResponse } from '@cull-log/contracts';
import { loadPlaceNames, type PlaceNames } from './place-names';

/** Read once per process, at the first search: the gazetteer is a few megabytes on disk. */
let placeNames: Promise<PlaceNames> | undefined;

/**
 * GET /places?q=: towns and villages by name, to centre a map on while drawing a ground. The same for every caller
 * (none of it is anyone's), so it needs nothing of the identity beyond being signed in. A postcode is refused with
 * a 400 that says they are not searchable yet.
 */
export const placesRoutes: FastifyPluginAsync = async (app) => {
  app.get('/places', async (request): Promise<PlacesResponse> => {
    const { q } = PlaceSearchQuery.parse(request.query);
    placeNames ??= loadPlaceNames().catch((error: unknown) => {
      placeNames = undefined;
      throw error;
    });
    return { items: (await placeNames).search(q) };
  });
};
