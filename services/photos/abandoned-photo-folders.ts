import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** A photo is written in seconds; a temporary folder untouched for an hour belongs to no live import. */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

/**
 * `.<hex>-<pid>-XXXXXX`: the temporary file the folder photo store writes an object under before
 * renaming it into place (folder-photo-store.ts), or the temporary folder a photo was once written
 * in whole (before the pid was added: `.<hash>-XXXXXX`).
 */
const TEMPORARY = /^\.[a-f0-9]{32}-(?:(\d+)-)?[A-Za-z0-9]{6}$/;

/** The start of a temporary name (six characters follow), after 32 hex digits. */
export function temporaryPhotoFolderPrefix(hash: string): string {
  return `.${hash}-${process.pid}-`;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the temporary files (and folders) of photos whose import was killed (kill -9, a crash,
 * a power cut) before it could rename or remove them: those of a process that is gone, those from before
 * folders were named after their process, and any untouched for an hour (a process id used again).
 * One of an import running now, in this process or another, is left alone. Returns how many
 * were removed.
 */
export async function removeAbandonedPhotoFolders(photosDir: string, now: Date): Promise<number> {
  const names = await readdir(photosDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  let removed = 0;
  for (const name of names) {
    const match = TEMPORARY.exec(name);
    if (!match) continue;
    const folder = path.join(photosDir, name);
    const info = await stat(folder).catch(() => null);
    if (!info) continue;
    const pid = match[1] === undefined ? undefined : Number(match[1]);
    const stale = now.getTime() - info.mtimeMs > ABANDONED_AFTER_MS;
    const ownerGone = pid === undefined || (pid !== process.pid && !isAlive(pid));
    if (!ownerGone && !stale) continue;
    await rm(folder, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}
