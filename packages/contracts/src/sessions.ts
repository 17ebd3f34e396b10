import { z } from 'zod';

/** The signed-in user. */
export const Me = z.object({
  uid: z.string(),
  display_name: z.string().nullable(),
  email: z.string().nullable(),
});
export type Me = z.infer<typeof Me>;

/**
 * GET /auth/session: who is signed in, or null, answered 200 either way, so a visitor who is not signed in is not
 * a failed request (GET /api/me answers them 401).
 */
export const SessionResponse = z.object({
  user: Me.nullable(),
  /**
   * Present while the account's notice of erasure for want of use is in force: this session began when the account had
   * gone unused so long that its erasure was due within `INACTIVITY_NOTICE_DAYS`. Signing in was use, so the account is
   * kept; the notice says when it would have gone and why, and is not shown again at the next sign-in.
   */
  inactivity_notice: z
    .object({
      /** When the notice became due (the account unused for two years less the notice's days). */
      due_at: z.iso.datetime(),
      /** When the account would have been erased had it not been used. */
      erase_at: z.iso.datetime(),
    })
    .optional(),
});
export type SessionResponse = z.infer<typeof SessionResponse>;
export type InactivityNotice = NonNullable<SessionResponse['inactivity_notice']>;

/** `GET /auth/options`: the ways of signing in this server offers. */
export const AuthOptionsResponse = z.object({ google: z.boolean(), dev: z.boolean() });
export type AuthOptionsResponse = z.infer<typeof AuthOptionsResponse>;

/** One of the signed-in user's sessions, as `GET /api/sessions` lists it. */
export const SessionView = z.object({
  /** Names the session in `DELETE /api/sessions/:id`; not the cookie, which never leaves the browser. */
  id: z.string().min(1),
  /** What the browser said it runs on at sign-in, e.g. "Android phone", "Windows computer". */
  device: z.string(),
  /** The browser it said it was at sign-in, e.g. "Chrome", "Safari". */
  browser: z.string(),
  signed_in_at: z.iso.datetime(),
  /** Activity is recorded at most once an hour, so this is within an hour of the last request. */
  last_seen_at: z.iso.datetime(),
  /** The session of the browser that asked. */
  current: z.boolean(),
});
export type SessionView = z.infer<typeof SessionView>;

/** `GET /api/sessions`: the user's live sessions, the most recently used first. */
export const SessionsResponse = z.object({ sessions: z.array(SessionView) });
export type SessionsResponse = z.infer<typeof SessionsResponse>;

/** `DELETE /api/sessions`: how many other sessions were ended. */
export const EndOtherSessionsResponse = z.object({ ended: z.number().int().min(0) });
export type EndOtherSessionsResponse = z.infer<typeof EndOtherSessionsResponse>;
