import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeSessionStoreContract } from './session-store.contract';
import { openSqliteSessionStore } from './sqlite-session-store';

describeSessionStoreContract('SQLite (embedded file)', async () => {
  const directory = mkdtempSync(join(tmpdir(), 'gateway-sessions-'));
  const file = join(directory, 'nested', 'sessions.sqlite');
  return {
    open: async () => openSqliteSessionStore({ file }),
    dispose: async () => rmSync(directory, { recursive: true, force: true }),
  };
});
