import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSqliteSessionStore } from '../sessions/sqlite-session-store';
import { openSqliteTokenStore } from './sqlite-token-store';
import { describeTokenStoreContract } from './token-store.contract';

describeTokenStoreContract('SQLite (embedded file)', async () => {
  const directory = mkdtempSync(join(tmpdir(), 'gateway-tokens-'));
  const file = join(directory, 'nested', 'gateway.sqlite');
  return {
    open: async () => openSqliteTokenStore({ file }),
    dispose: async () => rmSync(directory, { recursive: true, force: true }),
  };
});

describe('SQLite token store beside the sessions', () => {
  it('shares the gateway file with the session store, each with its own table and schema version', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'gateway-tokens-shared-'));
    const file = join(directory, 'gateway-sessions.sqlite');
    try {
      const sessions = openSqliteSessionStore({ file });
      const tokens = openSqliteTokenStore({ file });
      await sessions.ping();
      await tokens.ping();
      expect(await tokens.listByUser('ann')).toEqual([]);
      expect(await sessions.listByUser('ann')).toEqual([]);
      await tokens.close();
      await sessions.close();
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
