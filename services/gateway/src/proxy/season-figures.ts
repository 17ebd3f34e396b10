import type { KeyObject } from 'node:crypto';
import { z } from 'zod';
import { MESSAGES, SeasonKey } from '@cull-log/contracts';
import { HttpError, type Identity } from '@cull-log/service-kit';
import { callService, readAll } from './service-call';
import type { Upstream } from './upstream';

export interface SeasonFiguresCall {
  /** The records service, which keeps the counts, the outings and the grounds' boundaries. */
  records: Upstream;
  identity: Identity;
  /** The season asked for (already checked), else the one containing today by the user's start. */
  season: SeasonKey | undefined;
  identityKey: KeyObject;
  now: () => Date;
  requestId: string;
}

/** Only the season is read here: the stats service checks the whole against the contract. */
const SeasonNamed = z.object({ season: SeasonKey });

/**
 * The season's deer management on the user's grounds, asked of the records service as the user, for the stats
 * service's season report: the answer's bytes, to be sent on as they are, and the season they are of.
 */
export async function seasonFigures({
  records,
  season,
  ...call
}: SeasonFiguresCall): Promise<{ season: SeasonKey; json: Buffer }> {
  const query = season === undefined ? '' : `?season=${encodeURIComponent(season)}`;
  const body = await callService({
    ...call,
    upstream: records,
    method: 'GET',
    path: `/reports/deer-management${query}`,
  });
  const json = await readAll(body);
  const named = SeasonNamed.safeParse(parsedOrNull(json));
  // An answer that names no season is the service failing, as any other.
  if (!named.success) throw new HttpError(503, 'service_unavailable', MESSAGES.serviceUnavailable);
  return { season: named.data.season, json };
}

function parsedOrNull(json: Buffer): unknown {
  try {
    return JSON.parse(json.toString('utf8'));
  } catch {
    return null;
  }
}
