import type { KeyObject } from 'node:crypto';
import { TEAM_MESSAGES, TeamAccess } from '@cull-log/contracts';
import { HttpError, type Identity } from '@cull-log/service-kit';
import { callService, readAll } from './service-call';
import type { Upstream } from './upstream';

export interface TeamAccessCall {
  /** The records service, which keeps who is in each team. */
  records: Upstream;
  identity: Identity;
  /** `?team=` of the browser's request, unparsed. */
  team: unknown;
  identityKey: KeyObject;
  now: () => Date;
  requestId: string;
}

const teamNotFound = () => new HttpError(404, 'not_found', TEAM_MESSAGES.notFound);

/**
 * The caller's place in a team at this request, asked of the records service each time, so a removal or a demotion
 * holds from the next request on whichever replica answers it. A team they are not in is a 404, as the records
 * service answers it: the stats and exports services are never asked.
 */
export async function teamAccess({ records, team, ...call }: TeamAccessCall): Promise<TeamAccess> {
  if (typeof team !== 'string' || team === '') throw teamNotFound();
  const body = await callService({
    ...call,
    upstream: records,
    method: 'GET',
    path: `/teams/${encodeURIComponent(team)}/access`,
    notFound: teamNotFound,
  });
  return TeamAccess.parse(JSON.parse((await readAll(body)).toString('utf8')));
}
