import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { temporaryPhotoFolderPrefix } from './abandoned-photo-folders';
import { PHOTO_HASH, photoContentType } from './photo-paths';
import type { PhotoStore, StoredPhotoObject } from './photo-store';

/** A stored file's key: a photo's hash, then a plain file name. Nothing else is ever a path here. */
const KEY = /^[a-f0-9]{32}\/[\w-][\w.-]*$/;

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR';

/**
 * The photo store on this machine's disk: DATA_DIR/photos/<hash>/<file>, as the site has always
 * kept them. An object is written under a temporary name at the top of the folder, named after
 * this process, then renamed into place, so it appears whole or not at all; one left by an import
 * that was killed is removed by removeAbandonedPhotoFolders. Disk errors are thrown as they are
 * (ENOSPC, EACCES): the operator's to read.
 */
export function folderPhotoStore(photosDir: string): PhotoStore {
  const folder = path.resolve(photosDir);
  const fileOf = (key: string) => {
    if (!KEY.test(key)) throw new Error(`not a photo file's name: ${key}`);
    return path.join(folder, key);
  };
  return {
    description: `the folder ${folder}`,

    async write(key, bytes) {
      const target = fileOf(key);
      await mkdir(folder, { recursive: true });
      const temporary = path.join(folder, `${temporaryPhotoFolderPrefix(randomBytes(16).toString('hex'))}${randomBytes(3).toString('hex')}`);
      try {
        await writeFile(temporary, bytes, { flag: 'wx' });
        await mkdir(path.dirname(target), { recursive: true });
        await rename(temporary, target);
      } finally {
        await rm(temporary, { force: true });
      }
    },

    async read(key): Promise<StoredPhotoObject | null> {
      const handle = await open(fileOf(key)).catch((error: unknown) => {
        if (missing(error)) return null;
        throw error;
      });
      if (!handle) return null;
      const info = await handle.stat().catch(async (error: unknown) => {
        await handle.close();
        throw error;
      });
      return {
        body: handle.createReadStream(),
        contentType: photoContentType(key),
        contentLength: info.size,
        lastModified: info.mtime,
      };
    },

    async exists(key) {
      return (await stat(fileOf(key)).catch(() => null))?.isFile() ?? false;
    },

    async delete(key) {
      const file = fileOf(key);
      await rm(file, { force: true });
      // The photo's folder goes with its last file.
      await rmdir(path.dirname(file)).catch(() => undefined);
    },

    async *list() {
      const names = await readdir(folder).catch((error: unknown) => {
        if (missing(error)) return [];
        throw error;
      });
      for (const hash of names) {
        if (!PHOTO_HASH.test(hash)) continue;
        const files = await readdir(path.join(folder, hash)).catch(() => []);
        for (const file of files) if (KEY.test(`${hash}/${file}`)) yield `${hash}/${file}`;
      }
    },

    localFile: (key) => fileOf(key),
  };
}
