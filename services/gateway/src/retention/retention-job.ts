import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  ProjectionRetentionResponse,
  RecordRetentionResponse,
  TeamRetentionResponse,
  type ProjectionRetentionRequest,
  type RecordRetentionRequest,
} from '@cull-log/contracts';
import type { Identity } from '@cull-log/service-kit';
import { eraseAccount, type AccountErasureDeps } from '../accounts/account-erasure';
import type { AccountActivity, AccountStore } from '../accounts/account-store';
import { erasureDateOf, noticeDueFrom, recordCutoff } from '../accounts/inactivity';
import type { BudgetCounter } from '../budgets/budget-counter';
import { callService, readAll } from '../proxy/service-call';

/** Once a day: the retention is kept to the day. */
export const RETENTION_INTERVAL_MS = 24 * 60 * 60 * 1000;

/**
 * The slot in the shared budgets that is the job's lease: whichever replica holds it runs, the others skip. Its key ends
 * with no `:<uid>`, so no user's erasure forgets it.
 */
export const RETENTION_LEASE_KEY = 'retention-job';

/**
 * Who the job is when it asks for the teams' retention, which is no user's: the records service's route for it is not
 * reachable through the gateway's API, so no person's request carries this (or any) identity there.
 */
export const RETENTION_JOB_UID = 'retention-job';

/** Accounts read at once. */
const PAGE_SIZE = 200;

export interface RetentionJobDeps {
  accounts: AccountStore;
  /** The budgets every replica shares, whose one slot under `RETENTION_LEASE_KEY` is the lease. */
  lease: BudgetCounter;
  /** What the erasure of an account needs: the same erasure as `DELETE /api/account`. */
  erasure: AccountErasureDeps;
  now: () => Date;
  logger: FastifyBaseLogger;
  /** How often the job runs; a day unless a test says otherwise. */
  intervalMs?: number;
}

/** What one run did, in numbers only: it is logged. */
export interface RetentionRun {
  accounts: number;
  noticesSet: number;
  erased: number;
  recordsRemoved: number;
  statsRowsRemoved: number;
  exportsRowsRemoved: number;
  /** Culls teams kept of erased members, culled and kept before the cutoff, that the teams no longer keep. */
  keptCullsRemoved: number;
  /** Accounts whose part of the run failed: tried again at the next run. */
  failed: number;
}

/**
 * Keeps the privacy policy's retention, once a day on one replica at a time: an account unused for two years less
 * `INACTIVITY_NOTICE_DAYS` gets its notice; one unused for two years whose notice has been due its full days is erased
 * (the erasure `DELETE /api/account` runs); and each account's records older than `RECORD_RETENTION_YEARS` are removed by
 * the records service, and then by the stats and exports services.
 */
export class RetentionJob {
  private readonly holder = randomUUID();
  private readonly intervalMs: number;
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<RetentionRun | undefined> | undefined;
  private stopping = false;

  constructor(private readonly deps: RetentionJobDeps) {
    this.intervalMs = deps.intervalMs ?? RETENTION_INTERVAL_MS;
  }

  /** Runs now, then every interval, until stopped. */
  start(): void {
    this.stopping = false;
    const tick = () => {
      if (this.current !== undefined) return;
      this.current = this.runOnce()
        .catch((error: unknown) => {
          this.deps.logger.warn(
            { err: error },
            'the retention run failed; it runs again at the next interval',
          );
          return undefined;
        })
        .finally(() => {
          this.current = undefined;
        });
    };
    tick();
    this.timer = setInterval(tick, this.intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and lets the run in progress finish the account it is at. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.current;
  }

  /**
   * One run, if this replica takes the lease; undefined when another holds it. The lease is kept for most of the
   * interval, so replicas that start at different times of day still run it once a day between them; a run that fails
   * as a whole gives it back.
   */
  async runOnce(): Promise<RetentionRun | undefined> {
    const { lease, now, logger } = this.deps;
    const startedAt = now().getTime();
    const leaseMs = Math.floor(this.intervalMs * 0.9);
    if (!(await lease.hold(RETENTION_LEASE_KEY, this.holder, 1, startedAt, startedAt + leaseMs))) {
      logger.info('the retention run is another replica’s this time');
      return undefined;
    }
    try {
      const run = await this.runAccounts();
      // Once a run, whether or not any account was there to ask: the teams' copies outlive their members' accounts.
      if (!this.stopping) run.keptCullsRemoved = await this.removeOldKeptCulls();
      logger.info(run, 'retention run finished');
      return run;
    } catch (error) {
      await lease.release(RETENTION_LEASE_KEY, this.holder).catch(() => undefined);
      throw error;
    }
  }

  private async runAccounts(): Promise<RetentionRun> {
    const run: RetentionRun = {
      accounts: 0,
      noticesSet: 0,
      erased: 0,
      recordsRemoved: 0,
      statsRowsRemoved: 0,
      exportsRowsRemoved: 0,
      keptCullsRemoved: 0,
      failed: 0,
    };
    const requestId = `retention-${randomUUID()}`;
    let after: string | null = null;
    for (;;) {
      const page = await this.deps.accounts.list(after, PAGE_SIZE);
      for (const account of page) {
        if (this.stopping) return run;
        run.accounts += 1;
        try {
          await this.keep(account, run, requestId);
        } catch (error) {
          run.failed += 1;
          this.deps.logger.warn(
            { err: error, userId: account.uid },
            'the retention of an account failed; it is tried again at the next run',
          );
        }
      }
      if (page.length < PAGE_SIZE) return run;
      after = page.at(-1)!.uid;
    }
  }

  private async keep(account: AccountActivity, run: RetentionRun, requestId: string): Promise<void> {
    const { accounts, now } = this.deps;
    const at = now();
    if (account.noticeDueAt === null) {
      if (at.getTime() >= noticeDueFrom(account.lastUsedAt).getTime()) {
        // Due from now: a notice set late (the job was stopped) still gives its full days before the erasure.
        if (await accounts.setNoticeDue(account.uid, account.lastUsedAt, at)) run.noticesSet += 1;
      }
    } else if (at.getTime() >= erasureDateOf(account.lastUsedAt, account.noticeDueAt).getTime()) {
      // Read again just before: a sign-in since the page was read keeps the account.
      const fresh = await accounts.find(account.uid);
      if (
        fresh?.noticeDueAt != null &&
        at.getTime() >= erasureDateOf(fresh.lastUsedAt, fresh.noticeDueAt).getTime()
      ) {
        await eraseAccount(this.deps.erasure, identityOf(account.uid), {
          requestId,
          log: this.deps.logger,
        });
        run.erased += 1;
        return;
      }
    }
    await this.removeOldRecords(account, run, requestId);
  }

  /**
   * Asks the records service to have every team stop keeping the culls it kept of erased members that were culled and
   * kept before the cutoff; the service tells stats and exports on the bus. A failure is logged and tried next run.
   */
  private async removeOldKeptCulls(): Promise<number> {
    const { erasure, now, logger } = this.deps;
    try {
      const answer = await readAll(
        await callService({
          upstream: erasure.upstreams.records,
          method: 'POST',
          path: '/retention/teams',
          identity: identityOf(RETENTION_JOB_UID),
          identityKey: erasure.identityKey,
          now,
          requestId: `retention-${randomUUID()}`,
          json: { cutoff: recordCutoff(now()).toISOString() } satisfies RecordRetentionRequest,
        }),
      );
      return TeamRetentionResponse.parse(JSON.parse(answer.toString())).kept_culls_removed;
    } catch (error) {
      logger.warn(
        { err: error },
        'the retention of the teams’ kept culls failed; it is tried again at the next run',
      );
      return 0;
    }
  }

  /**
   * Asks the records service to remove the account's records older than the retention, then the stats and exports
   * services to forget them. Ids not yet passed on are kept with the account, so a service away now is told next run.
   */
  private async removeOldRecords(account: AccountActivity, run: RetentionRun, requestId: string) {
    const ask = async (service: 'records' | 'stats' | 'exports', json: unknown): Promise<unknown> =>
      JSON.parse(
        (
          await readAll(
            await callService({
              upstream: this.deps.erasure.upstreams[service],
              method: 'POST',
              path: '/account/retention',
              identity: identityOf(account.uid),
              identityKey: this.deps.erasure.identityKey,
              now: this.deps.now,
              requestId,
              json,
            }),
          )
        ).toString(),
      );
    const cutoff: RecordRetentionRequest = { cutoff: recordCutoff(this.deps.now()).toISOString() };
    const { record_ids: removed } = RecordRetentionResponse.parse(await ask('records', cutoff));
    run.recordsRemoved += removed.length;
    const pending = [...new Set([...account.pendingRecordIds, ...removed])];
    if (pending.length === 0) return;
    if (removed.length > 0) await this.deps.accounts.setPendingRecords(account.uid, pending);
    const told: ProjectionRetentionRequest = { record_ids: pending };
    run.statsRowsRemoved += ProjectionRetentionResponse.parse(await ask('stats', told)).removed;
    run.exportsRowsRemoved += ProjectionRetentionResponse.parse(await ask('exports', told)).removed;
    await this.deps.accounts.setPendingRecords(account.uid, []);
  }
}

/** The job asks as the account's user; it keeps no name or e-mail address of theirs. */
function identityOf(uid: string): Identity {
  return { uid, display_name: null, email: null };
}
