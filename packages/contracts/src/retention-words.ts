// What is kept and for how long, in plain numbers, apart from the schemas in retention.ts, so that a page that says it
// (the privacy page, the account page, the notice) builds no schema (the web's build puts this file with the contracts'
// other words).

/**
 * The specification's retention, as the gateway's daily job keeps it: a record is removed this many years after the
 * later of the cull's date and the day it was entered into Cull Log.
 */
export const RECORD_RETENTION_YEARS = 7;

/** An account not used (no sign-in, no activity of a session, no use of an access token) for this many years is erased. */
export const UNUSED_ACCOUNT_YEARS = 2;

/** The notice of that erasure, shown when the user signs in and on the account page, is due this many days before it. */
export const INACTIVITY_NOTICE_DAYS = 30;
