import { describe, expect, it } from 'vitest';
import { CreateTokenRequest, CreateTokenResponse, TOKEN_LIMITS, TOKEN_MESSAGES } from './index';

const messagesOf = (input: unknown) =>
  CreateTokenRequest.safeParse(input).error?.issues.map(({ message }) => message) ?? [];

describe('CreateTokenRequest', () => {
  it('takes a named read token for 90 days, trimming the name, and a team token', () => {
    expect(CreateTokenRequest.parse({ name: '  Group sheet ', scope: 'read', expires_in_days: 90 })).toEqual({
      name: 'Group sheet',
      scope: 'read',
      expires_in_days: 90,
    });
    const team = '0b6f7c1e-1111-4222-8333-944445555666';
    expect(CreateTokenRequest.parse({ name: 'GIS', scope: 'write', expires_in_days: 1, team }).team).toBe(
      team,
    );
  });

  it.each([
    [{ name: '', scope: 'read', expires_in_days: 30 }, TOKEN_MESSAGES.name],
    [
      { name: 'x'.repeat(TOKEN_LIMITS.name + 1), scope: 'read', expires_in_days: 30 },
      TOKEN_MESSAGES.nameLength,
    ],
    [{ name: 'Sheet', scope: 'admin', expires_in_days: 30 }, TOKEN_MESSAGES.scope],
    [{ name: 'Sheet', scope: 'read', expires_in_days: 0 }, TOKEN_MESSAGES.expiry],
    [{ name: 'Sheet', scope: 'read', expires_in_days: 366 }, TOKEN_MESSAGES.expiry],
    [{ name: 'Sheet', scope: 'read', expires_in_days: 1.5 }, TOKEN_MESSAGES.expiry],
    [{ name: 'Sheet', scope: 'read', expires_in_days: 30, team: 'mine' }, TOKEN_MESSAGES.team],
  ])('refuses %j with its message', (input, message) => {
    expect(messagesOf(input)).toContain(message);
  });

  it('refuses a field it does not know and a name with control characters', () => {
    expect(
      CreateTokenRequest.safeParse({ name: 'A', scope: 'read', expires_in_days: 30, uid: 'x' }).success,
    ).toBe(false);
    expect(
      CreateTokenRequest.safeParse({ name: 'A\u202e', scope: 'read', expires_in_days: 30 }).success,
    ).toBe(false);
  });
});

describe('CreateTokenResponse', () => {
  it('carries a secret that starts with the token prefix', () => {
    const summary = {
      id: '0b6f7c1e-1111-4222-8333-944445555666',
      name: 'Sheet',
      scope: 'read',
      team: null,
      created_at: '2025-06-01T08:00:00.000Z',
      expires_at: '2025-08-30T08:00:00.000Z',
      last_used_at: null,
    };
    expect(CreateTokenResponse.safeParse({ ...summary, token: 'cull_pat_abc' }).success).toBe(true);
    expect(CreateTokenResponse.safeParse({ ...summary, token: 'abc' }).success).toBe(false);
  });
});
