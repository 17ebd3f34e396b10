import type { AuthOptionsResponse, InactivityNotice, Me, SessionResponse } from './sessions';

/**
 * `SessionResponse` (with its notice of erasure for want of use), `Me` and `AuthOptionsResponse` checked without zod. Every page asks who is signed in, public pages
 * too, and building zod for this three-field answer was a long task of its own on a phone. These accept exactly what
 * the schemas accept and return what they return (unknown fields dropped); `session-check.test.ts` holds them to that.
 *
 * Written by hand because it measurably beats zod's tree-shakable `zod/mini` (4.6.7) for the first download, which
 * every page has: the same two checks built with `zod/mini` are 4.7 KB gzipped against 0.4 KB here, and take 2.5-6.5 ms
 * to load and first parse against 0.6 ms on this machine's processor, four times that on Lighthouse's phone (each
 * bundled alone with esbuild --minify, gzip -9, Node 24, 27/11/2026).
 */

/** A value the server's answer was checked against and did not match, with where it did not. */
export class SessionAnswerError extends Error {
  constructor(
    readonly path: string,
    expected: string,
  ) {
    super(`The session answer is not as the contract says: ${path} should be ${expected}`);
    this.name = 'SessionAnswerError';
  }
}

function objectAt(value: unknown, path: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new SessionAnswerError(path, 'an object');
  return value as Record<string, unknown>;
}

function stringOrNullAt(value: unknown, path: string): string | null {
  if (value !== null && typeof value !== 'string') throw new SessionAnswerError(path, 'a string or null');
  return value;
}

function meAt(value: unknown, path: string): Me {
  const body = objectAt(value, path);
  if (typeof body.uid !== 'string') throw new SessionAnswerError(`${path}.uid`, 'a string');
  return {
    uid: body.uid,
    display_name: stringOrNullAt(body.display_name, `${path}.display_name`),
    email: stringOrNullAt(body.email, `${path}.email`),
  };
}

/** `z.iso.datetime()`'s own pattern (zod 4): a valid UTC date and time, seconds required, any fraction of a second. */
const ISO_DATE_TIME =
  /^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?Z$/;

function dateTimeAt(value: unknown, path: string): string {
  if (typeof value !== 'string' || !ISO_DATE_TIME.test(value))
    throw new SessionAnswerError(path, 'an ISO date and time');
  return value;
}

function noticeAt(value: unknown, path: string): InactivityNotice {
  const body = objectAt(value, path);
  return {
    due_at: dateTimeAt(body.due_at, `${path}.due_at`),
    erase_at: dateTimeAt(body.erase_at, `${path}.erase_at`),
  };
}

/** The signed-in user, as `Me.parse` would give it; throws a `SessionAnswerError` where `Me.parse` would throw. */
export function parseMe(value: unknown): Me {
  return meAt(value, 'user');
}

/** `GET /auth/session`'s answer, as `SessionResponse.parse` would give it. */
export function parseSessionResponse(value: unknown): SessionResponse {
  const body = objectAt(value, 'answer');
  const user = body.user === null ? null : meAt(body.user, 'user');
  return body.inactivity_notice === undefined
    ? { user }
    : { user, inactivity_notice: noticeAt(body.inactivity_notice, 'inactivity_notice') };
}

/** `GET /auth/options`'s answer, as `AuthOptionsResponse.parse` would give it. */
export function parseAuthOptions(value: unknown): AuthOptionsResponse {
  const body = objectAt(value, 'answer');
  if (typeof body.google !== 'boolean') throw new SessionAnswerError('answer.google', 'true or false');
  if (typeof body.dev !== 'boolean') throw new SessionAnswerError('answer.dev', 'true or false');
  return { google: body.google, dev: body.dev };
}

/** `parseSessionResponse` in the shape the web's reads take: anything with a `parse`. */
export const SessionResponseCheck = { parse: parseSessionResponse };

const INVITATION_PAGE = /^\/invites\/[A-Za-z0-9._-]{1,200}$/;

/**
 * Where a sign-in lands: the invitation's page the person was opening when asked to sign in, else the dashboard.
 * Nothing else is followed, so no link can send someone elsewhere through the sign-in.
 */
export function landingAfterSignIn(next: unknown): string {
  return typeof next === 'string' && INVITATION_PAGE.test(next) ? next : '/dashboard';
}
