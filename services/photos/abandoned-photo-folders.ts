import { createHash } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';

/** A photo is written in seconds; a temporary folder untouched for an hour belongs to no live import. */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

/**
 * `.<hex>-<pid>.<machine>-XXXXXX`: the temporary file the folder photo store writes an object under
 * before renaming it into place (folder-photo-store.ts); from earlier versions `.<hex>-<pid>-XXXXXX`
 * (no machine) and `.<hash>-XXXXXX` (a folder a photo was once written in whole, before the pid).
 */
const TEMPORARY = /^\.[a-f0-9]{32}-(?:(\d+)(?:\.([a-f0-9]{8}))?-)?[A-Za-z0-9]{6}$/;

/**
 * This machine (or container) among those sharing a photos folder: a process id says nothing about
 * a process of another machine, and containers each count from 1. Its host name, hashed short.
 */
const MACHINE = createHash('sha256').update(hostname()).digest('hex').slice(0, 8);

/** The start of a temporary name (six characters follow), after 32 hex digits. */
export function temporaryPhotoFolderPrefix(hash: string): string {
  return `.${hash}-${process.pid}.${MACHINE}-`;
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
 * a power cut) before it could rename or remove them: those of a process of this machine that is
 * gone, those from before folders were named after their process, and any untouched for an hour (a
 * process id used again). One of an import running now, in this process or another, is left alone,
 * and so is one of another machine sharing the folder (a volume two instances mount), whose
 * processes cannot be asked from here, until it is an hour old. Returns how many were removed.
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
    const otherMachine = match[2] !== undefined && match[2] !== MACHINE;
    const ownerGone = pid === undefined || (!otherMachine && pid !== process.pid && !isAlive(pid));
    if (!ownerGone && !stale) continue;
    await rm(folder, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}
