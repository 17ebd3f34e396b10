import type { KeyObject } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Identity } from '@cull-log/service-kit';
import type { BudgetCounter } from '../budgets/budget-counter';
import type { ErasureJournal } from '../erasures/erasure-journal';
import { callService, readAll } from '../proxy/service-call';
import type { Upstream } from '../proxy/upstream';
import type { SessionManager } from '../sessions/session-manager';
import type { TokenManager } from '../tokens/token-manager';
import type { AccountStore } from './account-store';

export type ServiceName = 'records' | 'stats' | 'exports';

/**
 * The services that keep something of a user, in the order their `DELETE /account` runs: the event log first
 * (it also purges the bus and tells every consumer), then the projections. A service keeping user data adds
 * its route and its name here.
 */
export const ERASING_SERVICES: readonly ServiceName[] = ['records', 'stats', 'exports'];

export interface AccountErasureDeps {
  upstreams: Record<ServiceName, Upstream>;
  /** The gateway's private key, which signs the identity it sends each service. */
  identityKey: KeyObject;
  now: () => Date;
  tokens: TokenManager;
  sessions: SessionManager;
  /** Each account's last use: forgotten last. */
  accounts?: AccountStore;
  /** The shared request budgets, which count by user id. */
  budgets?: BudgetCounter;
  /** Where each finished erasure is kept, to be made again after a backup is restored; not given when replaying it. */
  journal?: ErasureJournal;
}

export interface ErasureRun {
  /** Ties the services' log lines to this erasure. */
  requestId: string;
  log: FastifyBaseLogger;
  /** Ends every session of the user; the route's also clears the asking browser's cookie. */
  signOutEverywhere?: (uid: string) => Promise<number>;
}

export interface AccountErased {
  tokens: number;
  sessions: number;
  /** The events the records service removed. */
  events: number;
}

/**
 * Erases an account: its tokens and sessions first, so no other device (its outbox sending queued changes) nor tool can
 * write while the erasure runs; then each service, asked with the user's signed identity; then the request budgets and
 * the account's last use, with the erasure kept in the journal first. The one erasure, whether the user asked for it (`DELETE /api/account`) or the account went
 * unused for two years (the retention job). Each step can run twice, so an erasure a service could not finish (it
 * throws a 503) is finished by running it again.
 */
export async function eraseAccount(
  deps: AccountErasureDeps,
  user: Identity,
  { requestId, log, signOutEverywhere }: ErasureRun,
): Promise<AccountErased> {
  const { uid } = user;
  const tokens = await deps.tokens.eraseUser(uid);
  const sessions = await (signOutEverywhere ?? ((id: string) => deps.sessions.endAllOfUser(id)))(uid);
  log.info({ userId: uid, tokens, sessions }, 'account erasure started: signed out everywhere');
  let events = 0;
  for (const service of ERASING_SERVICES) {
    const body = await readAll(
      await callService({
        upstream: deps.upstreams[service],
        method: 'DELETE',
        path: '/account',
        identity: user,
        identityKey: deps.identityKey,
        now: deps.now,
        requestId,
      }),
    );
    if (service === 'records') events = (JSON.parse(body.toString()) as { events: number }).events;
  }
  // The budgets counted the asking request under the user's id. Counts the store cannot forget now end within the hour
  // all the same (purged hourly; MongoDB's TTL index), so the erasure stands.
  await deps.budgets
    ?.forgetUser(uid)
    .catch((error: unknown) => log.warn({ err: error }, 'could not forget the request budgets of a user'));
  // Kept before the account is forgotten: should the journal fail, the erasure fails, and is tried again whole.
  await deps.journal?.append({ uid, erasedAt: deps.now() });
  // Last: until every service has erased, the retention job still knows the account and tries again.
  await deps.accounts?.destroy(uid);
  log.info({ userId: uid, events }, 'account erased');
  return { tokens, sessions, events };
}
