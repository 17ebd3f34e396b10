import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeErasureJournalContract } from './erasure-journal.contract';
import { openFileErasureJournal } from './file-erasure-journal';

describeErasureJournalContract('file (JSON lines)', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'cull-log-erasures-'));
  return {
    open: async () => openFileErasureJournal({ file: join(folder, 'erasures', 'erasures.jsonl') }),
    dispose: async () => rmSync(folder, { recursive: true, force: true }),
  };
});

describe('the file erasure journal', () => {
  let folder: string;
  let file: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'cull-log-erasures-file-'));
    file = join(folder, 'erasures.jsonl');
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('keeps only the id and the time, one JSON line each, readable by its owner alone', async () => {
    const journal = openFileErasureJournal({ file });
    await journal.append({ uid: 'user_1', erasedAt: new Date('2026-11-02T10:00:00.000Z') });
    await journal.close();
    expect(readFileSync(file, 'utf8')).toBe('{"uid":"user_1","erased_at":"2026-11-02T10:00:00.000Z"}\n');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('refuses a line that is JSON but no entry, rather than replay less than was erased', async () => {
    appendFileSync(file, '{"uid":"user_1","erased_at":"2026-11-02T10:00:00.000Z"}\n{"name":"Ann"}\n');
    const journal = openFileErasureJournal({ file });
    await expect(journal.list()).rejects.toThrow(/line 2 is not an erasure entry/);
    await journal.close();
  });

  it('passes over a last line a crash cut short, and appends the next entry on a line of its own', async () => {
    const journal = openFileErasureJournal({ file });
    await journal.append({ uid: 'user_1', erasedAt: new Date('2026-11-02T10:00:00.000Z') });
    appendFileSync(file, '{"uid":"user_2","erased_');
    expect((await journal.list()).map((entry) => entry.uid)).toEqual(['user_1']);
    await journal.append({ uid: 'user_3', erasedAt: new Date('2026-11-03T10:00:00.000Z') });
    await journal.close();
    expect(readFileSync(file, 'utf8').split('\n').at(-2)).toBe(
      '{"uid":"user_3","erased_at":"2026-11-03T10:00:00.000Z"}',
    );
    const reopened = openFileErasureJournal({ file });
    expect((await reopened.list()).map((entry) => entry.uid)).toEqual(['user_1', 'user_3']);
    await reopened.close();
  });
});
