import { createHash } from 'node:crypto';

/** The first 32 hex digits of the SHA-256 of the parts, one per line: a stream id that names nobody. */
function hashed(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 32);
}

/** The stream of a user's settings. */
export function settingsStreamId(userId: string): string {
  return `settings-${hashed(userId)}`;
}

/** The stream of a user's plans of one season (`2026-27`). */
export function plansStreamId(userId: string, season: string): string {
  return `plans-${hashed(userId, season)}`;
}

/** The stream of a user's links to the teams they joined (see the member links decider). */
export function teamLinksStreamId(userId: string): string {
  return `team-links-${hashed(userId)}`;
}
