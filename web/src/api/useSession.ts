import type { InactivityNotice, Me } from '@cull-log/contracts';
import { useQuery } from '@tanstack/react-query';
import { inactivityNoticeQuery, meQuery, rememberedSession } from './session';

export type Session =
  | { status: 'loading'; user: undefined }
  | { status: 'signed-in'; user: Me }
  | { status: 'signed-out'; user: undefined };

/**
 * Who is signed in. Only the server's 'no session' signs the user out: while it cannot be asked (no signal, a poor
 * one, the server failing), the last user it confirmed on this device stays signed in, and the check goes on by
 * itself. A device that has never been signed in waits for the answer.
 */
export function useSession(): Session {
  const { data, isPending } = useQuery(meQuery());
  if (data) return { status: 'signed-in', user: data };
  if (data === null) return { status: 'signed-out', user: undefined };
  if (isPending) return { status: 'loading', user: undefined };
  // The check failed with an answer that is neither a user nor 'no session' (a 429, say).
  const remembered = rememberedSession();
  return remembered ? { status: 'signed-in', user: remembered } : { status: 'signed-out', user: undefined };
}

export function displayName(user: Me): string {
  return user.display_name || user.email || 'there';
}

/** The notice of erasure for want of use this session began with, while it holds; null otherwise. */
export function useInactivityNotice(): InactivityNotice | null {
  return useQuery(inactivityNoticeQuery()).data ?? null;
}
