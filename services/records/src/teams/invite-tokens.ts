import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Invitation links. The token is the invitation's id and a MAC of it under a key of the service's own, so the log and
 * the stream hold no secret (an event names the invitation, never its token) and the link can be shown again to a
 * manager at any time. Changing the service's secret ends every link made before.
 */
export function inviteTokens(serviceSecret: string) {
  const key = createHmac('sha256', serviceSecret).update('cull-log team invitations').digest();
  const macOf = (inviteId: string) => createHmac('sha256', key).update(inviteId).digest('base64url');
  return {
    tokenOf: (inviteId: string) => `${inviteId}.${macOf(inviteId)}`,
    /** The invitation a token names, when its MAC holds; undefined for anything else. */
    inviteIdOf(token: string): string | undefined {
      const [inviteId, mac, ...rest] = token.split('.');
      if (inviteId === undefined || mac === undefined || rest.length > 0) return undefined;
      const expected = Buffer.from(macOf(inviteId));
      const given = Buffer.from(mac);
      return given.length === expected.length && timingSafeEqual(given, expected) ? inviteId : undefined;
    },
  };
}
