import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';

/** Where a feed's photo path leads: a file in the feed's folder (its real path), or why it is not read. */
export type FeedPhotoFile = { file: string; realPath: string } | { missing: string } | { refused: string };

/** True when `candidate` is `folder` itself or lies below it (both absolute). */
function isInside(folder: string, candidate: string): boolean {
  const relative = path.relative(folder, candidate);
  return relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}

/**
 * A feed names its photo files relative to its own folder, and a photo is read from that folder or
 * below it, nowhere else: a path that leads out (`../../etc/passwd`, `/etc/shadow`) is refused
 * without looking at it, and one that leads out through a link (to a file or through a folder) is
 * refused once the link is followed, as the real path is what gets opened. Paths are resolved
 * against the feed's folder; `missing` gives the resolved path of a file that is not there.
 */
export function feedPhotoFile(feedDir: string, source: string): FeedPhotoFile {
  const folder = path.resolve(feedDir);
  const file = path.resolve(folder, source);
  if (!isInside(folder, file)) return { refused: `is outside the feed's folder ${folder}` };
  let realPath: string;
  try {
    realPath = realpathSync(file);
  } catch {
    return { missing: file };
  }
  if (!isInside(realpathSync(folder), realPath)) return { refused: `is a link to ${realPath}, outside the feed's folder ${folder}` };
  if (!statSync(realPath, { throwIfNoEntry: false })?.isFile()) return { missing: file };
  return { file, realPath };
}
