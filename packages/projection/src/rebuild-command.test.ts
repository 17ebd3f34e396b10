import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteEventStore } from '@cull-log/eventstore';
import { createSampleEventLog } from '@cull-log/eventstore/testing';
import { openEventLog, readRebuildConfig, runProjectionRebuild } from './rebuild-command';
import { openSqliteProjection } from './sqlite-projection';

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'cull-log-rebuild-'));
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

/** Writes a short history to DATA_DIR/records.db, as the records service would. */
async function writeRecords(dataDir: string) {
  const log = createSampleEventLog();
  const recorded = log.recorded('alice');
  log.recorded('bob');
  log.amended('alice', recorded.streamId, { species: 'Fox' });
  const eventLog = openSqliteEventStore({ file: join(dataDir, 'records.db') });
  for (const { position: _position, ...event } of log.events) {
    await eventLog.append(event.streamId, event.version - 1, [event]);
  }
  await eventLog.close();
  return log.events;
}

function openProjection(file: string) {
  return openSqliteProjection({
    file,
    name: 'seen',
    migrations: [
      {
        version: 1,
        does: 'the table',
        up: (db) => db.exec('CREATE TABLE IF NOT EXISTS seen (event_id TEXT PRIMARY KEY)'),
      },
    ],
    readModelTables: ['seen'],
  });
}

describe('readRebuildConfig', () => {
  it('resolves relative paths against the folder the command was typed in', () => {
    const config = readRebuildConfig({
      INIT_CWD: '/srv/cull-log',
      DATA_DIR: 'data',
      EVENT_LOG_FILE: 'old/log.db',
    });
    expect(config).toMatchObject({
      DATA_DIR: '/srv/cull-log/data',
      EVENT_LOG_FILE: '/srv/cull-log/old/log.db',
      EVENT_LOG_DB: 'cull_log_records',
    });
  });

  it('names a bad setting', () => {
    expect(() => readRebuildConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });
});

describe('openEventLog', () => {
  it("opens the records service's SQLite log in DATA_DIR", async () => {
    const events = await writeRecords(directory);
    const eventLog = await openEventLog(readRebuildConfig({ DATA_DIR: directory }));
    expect((await eventLog.readAll(0, 10)).map((event) => event.id)).toEqual(events.map((event) => event.id));
    await eventLog.close();
  });

  it('says where it looked when there is no log', async () => {
    const file = join(directory, 'missing.db');
    await expect(openEventLog(readRebuildConfig({ EVENT_LOG_FILE: file }))).rejects.toThrow(
      `No event log at ${file}; set DATA_DIR or EVENT_LOG_FILE`,
    );
  });
});

describe('runProjectionRebuild', () => {
  it('replays the event log into the store it opens and closes both', async () => {
    const events = await writeRecords(directory);
    const file = join(directory, 'projection.db');
    const stale = openProjection(file);
    const staleStore = stale.projectionStore(() => undefined);
    await staleStore.apply({ ...createSampleEventLog().recorded('carol'), position: 99 });
    await staleStore.close();

    let openedWith: string | undefined;
    await runProjectionRebuild({
      name: 'test',
      env: { DATA_DIR: directory, LOG_LEVEL: 'silent' },
      openStore: async (config) => {
        openedWith = config.DATA_DIR;
        const projection = openProjection(file);
        const insert = projection.db.prepare('INSERT INTO seen (event_id) VALUES (?)');
        return projection.projectionStore((events) => {
          for (const event of events) insert.run(event.id);
        });
      },
    });

    expect(openedWith).toBe(directory);
    const rebuilt = openProjection(file);
    const seen = rebuilt.db.prepare<[], { event_id: string }>('SELECT event_id FROM seen').all();
    expect(seen.map((row) => row.event_id).sort()).toEqual(events.map((event) => event.id).sort());
    expect(rebuilt.readPosition()).toBe(events.length);
    rebuilt.db.close();
  });
});
