import type { Me } from '@cull-log/contracts';
import { useQuery } from '@tanstack/react-query';
import { meQuery } from '../api/session';

export type Session =
  | { status: 'loading'; user: undefined }
  | { status: 'signed-in'; user: Me }
  | { status: 'signed-out'; user: undefined };

/** Who is signed in. A failed session check counts as signed out, so protected screens send users to /login. */
export function useSession(): Session {
  const { data, isPending } = useQuery(meQuery());
  if (isPending) return { status: 'loading', user: undefined };
  if (data) return { status: 'signed-in', user: data };
  return { status: 'signed-out', user: undefined };
}

export function displayName(user: Me): string {
  return user.display_name || user.email || 'there';
}
