import { MESSAGES, TEAM_MESSAGES, TeamAccess } from '@cull-log/contracts';
import { HttpError, IDENTITY_HEADER, REQUEST_ID_HEADER, signIdentity, type Identity } from '@cull-log/service-kit';
import { readAll } from './service-call';
import type { Upstream } from './upstream';

export interface TeamAccessCall {
  /** The records service, which keeps who is in each team. */
  records: Upstream;
  identity: Identity;
  /** `?team=` of the browser's request, unparsed. */
  team: unknown;
  secret: string;
  now: () => Date;
  requestId: string;
}

const teamNotFound = () => new HttpError(404, 'not_found', TEAM_MESSAGES.notFound);

/**
 * The caller's place in a team at this request, asked of the records service each time, so a removal or a demotion
 * holds from the next request on whichever replica answers it. A team they are not in is a 404, as the records
 * service answers it: the stats and exports services are never asked.
 */
export async function teamAccess({
  records,
  identity,
  team,
  secret,
  now,
  requestId,
}: TeamAccessCall): Promise<TeamAccess> {
  if (typeof team !== 'string' || team === '') throw teamNotFound();
  const path = `${records.basePath}/teams/${encodeURIComponent(team)}/access`;
  const headers = {
    [REQUEST_ID_HEADER]: requestId,
    [IDENTITY_HEADER]: signIdentity({ secret, identity, method: 'GET', url: path, now: now() }),
  };
  let response;
  try {
    response = await records.request({ method: 'GET', path, headers, body: undefined });
  } catch {
    throw new HttpError(503, 'service_unavailable', MESSAGES.serviceUnavailable);
  }
  const body = await readAll(response.body);
  if (response.statusCode === 404 || response.statusCode === 400) throw teamNotFound();
  if (response.statusCode !== 200) throw new HttpError(503, 'service_unavailable', MESSAGES.serviceUnavailable);
  return TeamAccess.parse(JSON.parse(body.toString('utf8')));
}
