import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { open, readFile, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { syncFolder } from '@cull-log/storage-kit';
import type { ErasureEntry, ErasureJournal } from './erasure-journal';

const Line = z.object({ uid: z.string().min(1), erased_at: z.iso.datetime() });

/**
 * The journal as a JSON-lines file of its own, appended to and forced to the disk before an erasure answers. Outside the
 * SQLite files a restore replaces. For one gateway process: another process forgetting old entries could drop an entry
 * appended meanwhile.
 */
export function openFileErasureJournal({ file }: { file: string }): ErasureJournal {
  const folder = dirname(file);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  // Appends and the rewrite that forgets take turns, so none is lost to the other.
  let turn: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const next = turn.then(work, work);
    turn = next.catch(() => undefined);
    return next;
  };

  async function readText(): Promise<string> {
    try {
      return await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
      throw error;
    }
  }

  async function readEntries(): Promise<ErasureEntry[]> {
    const text = await readText();
    const entries: ErasureEntry[] = [];
    for (const [index, line] of text.split('\n').entries()) {
      if (line.trim() === '') continue;
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        // An append a crash cut short: its erasure never answered, and answers once it is made again.
        continue;
      }
      const parsed = Line.safeParse(json);
      if (!parsed.success) throw new Error(`${file}: line ${index + 1} is not an erasure entry`);
      entries.push({ uid: parsed.data.uid, erasedAt: new Date(parsed.data.erased_at) });
    }
    return entries.sort((a, b) => a.erasedAt.getTime() - b.erasedAt.getTime());
  }

  const lineOf = (entry: ErasureEntry) =>
    `${JSON.stringify({ uid: entry.uid, erased_at: entry.erasedAt.toISOString() })}\n`;

  return {
    append: (entry) =>
      inTurn(async () => {
        const handle = await open(file, 'a+', 0o600);
        let size: number;
        try {
          ({ size } = await handle.stat());
          // After a line a crash cut short, start a new one rather than finish it.
          let torn = false;
          if (size > 0) {
            const last = Buffer.alloc(1);
            await handle.read(last, 0, 1, size - 1);
            torn = last[0] !== 0x0a;
          }
          await handle.appendFile(`${torn ? '\n' : ''}${lineOf(entry)}`);
          await handle.sync();
        } finally {
          await handle.close();
        }
        // A new file: its name must reach the disk too.
        if (size === 0) await syncFolder(folder);
      }),
    list: () => inTurn(readEntries),
    forgetBefore: (cutoff) =>
      inTurn(async () => {
        const entries = await readEntries();
        const kept = entries.filter((entry) => entry.erasedAt.getTime() >= cutoff.getTime());
        if (kept.length === entries.length) return 0;
        // Written whole beside it, then renamed over it: a crash leaves the old file or the new, never half of one.
        const next = `${file}.${randomUUID()}.tmp`;
        const handle = await open(next, 'w', 0o600);
        try {
          await handle.writeFile(kept.map(lineOf).join(''));
          await handle.sync();
        } finally {
          await handle.close();
        }
        try {
          await rename(next, file);
        } catch (error) {
          await rm(next, { force: true });
          throw error;
        }
        await syncFolder(folder);
        return entries.length - kept.length;
      }),
    async close() {
      await turn;
    },
  };
}
