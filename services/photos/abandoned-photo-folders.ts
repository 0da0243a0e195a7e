import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** A photo is written in seconds; a temporary folder untouched for an hour belongs to no live import. */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

/** `.<hash>-<pid>-XXXXXX`, the temporary folder process-photo.ts writes a photo in (before the pid was added: `.<hash>-XXXXXX`). */
const TEMPORARY = /^\.[a-f0-9]{32}-(?:(\d+)-)?[A-Za-z0-9]{6}$/;

/** The name processPhoto gives a photo's temporary folder (mkdtemp adds six characters). */
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
 * Removes the temporary folders of photos whose import was killed (kill -9, a crash, a power
 * cut) before it could rename or remove them: those of a process that is gone, those from before
 * folders were named after their process, and any untouched for an hour (a process id used again).
 * A folder of an import running now, in this process or another, is left alone. Returns how many
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
    if (!info?.isDirectory()) continue;
    const pid = match[1] === undefined ? undefined : Number(match[1]);
    const stale = now.getTime() - info.mtimeMs > ABANDONED_AFTER_MS;
    const ownerGone = pid === undefined || (pid !== process.pid && !isAlive(pid));
    if (!ownerGone && !stale) continue;
    await rm(folder, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}
