import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteCheckpoints, type Checkpoints } from './checkpoint';

/** Every implementation: 0 before any save, then the last position saved under each name. */
async function checkNamedPositions(checkpoints: Checkpoints) {
  expect(await checkpoints.load('stats')).toBe(0);
  await checkpoints.save('stats', 7);
  await checkpoints.save('exports', 3);
  await checkpoints.save('stats', 9);
  expect(await checkpoints.load('stats')).toBe(9);
  expect(await checkpoints.load('exports')).toBe(3);
}

describe('SQLite checkpoints', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('in memory: start at 0 and keep the last position saved per name', async () => {
    const checkpoints = openSqliteCheckpoints({ file: ':memory:', table: 'checkpoints' });
    await checkNamedPositions(checkpoints);
    await checkpoints.close();
  });

  it('in their own file: keep every name across closing and reopening it, its folder made when missing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cull-log-checkpoints-'));
    dirs.push(dir);
    const file = join(dir, 'nested', 'checkpoints.sqlite');
    const checkpoints = openSqliteCheckpoints({ file, table: 'checkpoints' });
    await checkNamedPositions(checkpoints);
    await checkpoints.close();

    const reopened = openSqliteCheckpoints({ file, table: 'checkpoints' });
    expect(await reopened.load('stats')).toBe(9);
    expect(await reopened.load('exports')).toBe(3);
    await reopened.close();
  });

  it("on the caller's connection: a save inside its transaction rolls back with it, and close leaves it open", async () => {
    const database = new BetterSqlite3(':memory:');
    const checkpoints = openSqliteCheckpoints({ database, table: 'relay_checkpoint' });
    checkpoints.saveNow('bus', 4);
    const failing = database.transaction(() => {
      checkpoints.saveNow('bus', 5);
      throw new Error('the read model refused the event');
    });
    expect(failing).toThrow(/refused/);
    expect(checkpoints.loadNow('bus')).toBe(4);
    await checkpoints.close();
    expect(database.open).toBe(true);
    database.close();
  });

  it('keeps tables apart: the same name in two tables has two positions', async () => {
    const database = new BetterSqlite3(':memory:');
    const relay = openSqliteCheckpoints({ database, table: 'relay_checkpoint' });
    const consumers = openSqliteCheckpoints({ database, table: 'bus_checkpoints' });
    await relay.save('bus', 12);
    expect(await consumers.load('bus')).toBe(0);
    database.close();
  });
});
