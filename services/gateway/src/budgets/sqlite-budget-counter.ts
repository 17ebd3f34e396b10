import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { isSqliteOutage, reportingOutages } from '@cull-log/storage-kit';
import type { BudgetCounter } from './budget-counter';

interface WindowRow {
  count: number;
  started_at: number;
}

/**
 * Budgets in an embedded SQLite file: every gateway process that opens the file shares them. A count lost in a crash
 * only grants a client a few more requests, so commits are not forced to the disk.
 */
export function openSqliteBudgetCounter({ file }: { file: string }): BudgetCounter {
  mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  // Several processes may count at once: a writer waits its turn rather than failing.
  db.pragma('busy_timeout = 2000');
  db.exec(`CREATE TABLE IF NOT EXISTS budgets (
    key TEXT PRIMARY KEY,
    started_at INTEGER NOT NULL,
    window_ms INTEGER NOT NULL,
    count INTEGER NOT NULL
  ) WITHOUT ROWID`);
  // One statement: the window restarts or counts one more, atomically, whoever else is counting.
  const take = db.prepare<[{ key: string; now: number; window: number }], WindowRow>(
    `INSERT INTO budgets (key, started_at, window_ms, count) VALUES (@key, @now, @window, 1)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN started_at + window_ms <= @now THEN 1 ELSE count + 1 END,
       started_at = CASE WHEN started_at + window_ms <= @now THEN @now ELSE started_at END,
       window_ms = @window
     RETURNING count, started_at`,
  );
  db.exec(`CREATE TABLE IF NOT EXISTS budget_slots (
    key TEXT NOT NULL,
    holder TEXT NOT NULL,
    until INTEGER NOT NULL,
    PRIMARY KEY (key, holder)
  ) WITHOUT ROWID`);
  const freeLapsed = db.prepare<[string, number]>('DELETE FROM budget_slots WHERE key = ? AND until <= ?');
  const held = db.prepare<[string], { held: number }>(
    'SELECT COUNT(*) AS held FROM budget_slots WHERE key = ?',
  );
  const insertSlot = db.prepare<[string, string, number]>(
    'INSERT OR REPLACE INTO budget_slots (key, holder, until) VALUES (?, ?, ?)',
  );
  const releaseSlot = db.prepare<[string, string]>('DELETE FROM budget_slots WHERE key = ? AND holder = ?');
  // Immediate: another process counting the same slots waits until this one has taken its own or not.
  const hold = db.transaction((key: string, holder: string, max: number, now: number, until: number) => {
    freeLapsed.run(key, now);
    if (held.get(key)!.held >= max) return false;
    insertSlot.run(key, holder, until);
    return true;
  });
  const purge = db.prepare<[number]>('DELETE FROM budgets WHERE started_at + window_ms <= ?');
  const purgeSlots = db.prepare<[number]>('DELETE FROM budget_slots WHERE until <= ?');
  const probe = db.prepare('SELECT 1');

  return reportingOutages<BudgetCounter>(
    {
      async take(key, windowMs, now) {
        const row = take.get({ key, now, window: windowMs })!;
        return { count: row.count, endsAt: row.started_at + windowMs };
      },
      async hold(key, holder, max, now, until) {
        return hold.immediate(key, holder, max, now, until);
      },
      async release(key, holder) {
        releaseSlot.run(key, holder);
      },
      async purgeEnded(now) {
        return purge.run(now).changes + purgeSlots.run(now).changes;
      },
      async ping() {
        probe.get();
      },
      async close() {
        if (db.open) db.close();
      },
    },
    isSqliteOutage,
  );
}
