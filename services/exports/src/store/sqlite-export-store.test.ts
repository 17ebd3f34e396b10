import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { exportStoreContract } from '../testing/export-store-contract';
import { openSqliteExportStore } from './sqlite-export-store';

const directory = mkdtempSync(join(tmpdir(), 'cull-log-exports-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

exportStoreContract('SQLite', async () => openSqliteExportStore({ file: join(directory, 'exports.db') }));
