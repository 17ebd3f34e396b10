import { open } from 'node:fs/promises';

/** Forces a folder's entries (a file made, renamed or removed in it) to the disk, so they survive a power cut. */
export async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
