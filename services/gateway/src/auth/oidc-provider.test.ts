import { describe, expect, it } from 'vitest';
import { GOOGLE_PROVIDER, userIdFor } from './oidc-provider';

describe('userIdFor', () => {
  it('keeps the bare subject of a Google account, under either spelling of its issuer', () => {
    for (const issuer of GOOGLE_PROVIDER.issuers)
      expect(userIdFor(issuer, '110169484474386276334')).toBe('110169484474386276334');
  });

  it('gives the same subject from another provider an id of its own, never a Google account’s', () => {
    const elsewhere = userIdFor('https://id.example.org/realms/stalkers', '110169484474386276334');
    expect(elsewhere).not.toBe('110169484474386276334');
    expect(elsewhere).toMatch(/^oidc-[0-9a-f]{64}$/);
    expect(userIdFor('https://id.example.org/realms/stalkers', '110169484474386276334')).toBe(elsewhere);
    expect(userIdFor('https://id.example.net', '110169484474386276334')).not.toBe(elsewhere);
  });
});
