import { INACTIVITY_NOTICE_DAYS, RECORD_RETENTION_YEARS, UNUSED_ACCOUNT_YEARS } from '@cull-log/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The same moment `years` calendar years later (earlier when negative), in UTC; 29 February goes to 1 March. */
export function yearsFrom(date: Date, years: number): Date {
  const moved = new Date(date.getTime());
  moved.setUTCFullYear(moved.getUTCFullYear() + years);
  return moved;
}

/** When an account last used at `lastUsedAt` is to be erased, a notice allowing. */
export function unusedUntil(lastUsedAt: Date): Date {
  return yearsFrom(lastUsedAt, UNUSED_ACCOUNT_YEARS);
}

/** When the notice of that erasure falls due: `INACTIVITY_NOTICE_DAYS` before it. */
export function noticeDueFrom(lastUsedAt: Date): Date {
  return new Date(unusedUntil(lastUsedAt).getTime() - INACTIVITY_NOTICE_DAYS * DAY_MS);
}

/**
 * When an account with a notice is erased: two years after its last use, and never before the notice has been due its
 * full days (a notice set late, by a job that was stopped, still gives them all).
 */
export function erasureDateOf(lastUsedAt: Date, noticeDueAt: Date): Date {
  return new Date(
    Math.max(unusedUntil(lastUsedAt).getTime(), noticeDueAt.getTime() + INACTIVITY_NOTICE_DAYS * DAY_MS),
  );
}

/** Records of a cull dated, and entered, before this are removed. */
export function recordCutoff(now: Date): Date {
  return yearsFrom(now, -RECORD_RETENTION_YEARS);
}
