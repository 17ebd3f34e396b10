import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteSessionStore } from '../sessions/sqlite-session-store';
import { openSqliteTokenStore } from '../tokens/sqlite-token-store';
import { describeAccountStoreContract } from './account-store.contract';
import { openSqliteAccountStore } from './sqlite-account-store';

describeAccountStoreContract('SQLite (the gateway’s file, two connections)', async () => {
  const directory = mkdtempSync(join(tmpdir(), 'gateway-accounts-'));
  const file = join(directory, 'gateway.sqlite');
  return {
    open: async () => openSqliteAccountStore({ file }),
    openSessions: async () => openSqliteSessionStore({ file }),
    openTokens: async () => openSqliteTokenStore({ file }),
    dispose: async () => rmSync(directory, { recursive: true, force: true }),
  };
});
