import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The files under `folder` (databases, their write-ahead logs, anything) in which any of `needles` occurs as
 * raw bytes (UTF-8, as SQLite keeps text): how the tests look for what an erasure must have left nowhere.
 */
export function filesHolding(folder: string, needles: string[]): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => {
      const bytes = readFileSync(path);
      return needles.some((needle) => bytes.includes(Buffer.from(needle, 'utf8')));
    });
}
