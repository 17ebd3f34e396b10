import { readFileSync, readdirSync } from 'node:fs';
import { join, sep } from 'node:path';

/** The gateway's erasure journal under a DATA_DIR: it keeps an erased user's id, on purpose, as long as backups. */
export const ERASURE_JOURNAL_FOLDER = 'erasures';

/**
 * The files under `folder` (databases, their write-ahead logs, anything) in which any of `needles` occurs as
 * raw bytes (UTF-8, as SQLite keeps text): how the tests look for what an erasure must have left nowhere. Files in a
 * folder named as in `except` (the erasure journal's, by default) are not looked in.
 */
export function filesHolding(
  folder: string,
  needles: string[],
  { except = [ERASURE_JOURNAL_FOLDER] }: { except?: string[] } = {},
): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter(
      (path) =>
        !path
          .slice(folder.length)
          .split(sep)
          .some((part) => except.includes(part)),
    )
    .filter((path) => {
      const bytes = readFileSync(path);
      return needles.some((needle) => bytes.includes(Buffer.from(needle, 'utf8')));
    });
}
