import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { statsStoreContract } from '../testing/stats-store-contract';
import { openSqliteStatsStore } from './sqlite-stats-store';

const directory = mkdtempSync(join(tmpdir(), 'cull-log-stats-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

statsStoreContract('SQLite', async () => openSqliteStatsStore({ file: join(directory, 'stats.db') }));
