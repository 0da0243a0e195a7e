import path from 'node:path';
import { folderPhotoStore } from '../services/photos/folder-photo-store';
import { PHOTO_MANIFEST, photoKey } from '../services/photos/photo-paths';
import { photoStoreFromEnv } from '../services/photos/photo-store-from-env';
import type { PhotoStore } from '../services/photos/photo-store';
import { OperatorError, runOperatorCommand } from '../src/cli/operator-command.server';

// npm run photos:move-to-store [-- --delete-local] (in the image: node dist/server/photos-move-to-store.js):
// copies the processed photos of DATA_DIR/photos into the photo store PHOTO_STORE_URL names, once,
// when a site that kept them on its disk moves to a bucket shared by several instances. Each photo
// is copied file by file, its manifest last, so a photo is complete in the store or not there; a
// photo already there is left as it is, so the command can be run again (after a failure, or to
// pick up what an import wrote meanwhile). The local files stay unless --delete-local, and then
// only a photo's whose every file the store holds. The catalog's addresses do not change.
// Wrong arguments: exit code 2.

const USAGE = 'usage: npm run photos:move-to-store [-- --delete-local]   (PHOTO_STORE_URL names the store; the photos come from DATA_DIR/photos)';

/** Each photo's files in the folder, by hash; a photo without its manifest was never finished and is not moved. */
async function photosIn(local: PhotoStore): Promise<Map<string, string[]>> {
  const photos = new Map<string, string[]>();
  for await (const key of local.list()) {
    const [hash = '', file = ''] = key.split('/');
    photos.set(hash, [...(photos.get(hash) ?? []), file]);
  }
  return photos;
}

async function copy(key: string, from: PhotoStore, to: PhotoStore): Promise<void> {
  const object = await from.read(key);
  if (object === null || object === 'not-modified') throw new OperatorError([`${key} went from ${from.description} while it was being copied; run the command again`]);
  const chunks: Buffer[] = [];
  for await (const chunk of object.body as AsyncIterable<Buffer>) chunks.push(chunk);
  await to.write(key, Buffer.concat(chunks), object.contentType);
}

runOperatorCommand('photos move to store', async ({ env }) => {
  const args = process.argv.slice(2);
  const unknown = args.filter((arg) => arg !== '--delete-local');
  if (unknown.length > 0) {
    process.stderr.write(`unknown argument ${unknown[0]}\n${USAGE}\n`);
    return 2;
  }
  const deleteLocal = args.includes('--delete-local');
  if (!env.PHOTO_STORE_URL) {
    throw new OperatorError([
      'PHOTO_STORE_URL is not set: photos are already kept in DATA_DIR/photos, and there is nowhere to move them',
      'set PHOTO_STORE_URL=s3://BUCKET/PREFIX (and AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_REGION, and AWS_ENDPOINT_URL_S3 for a store other than AWS), then run it again',
    ]);
  }
  const local = folderPhotoStore(path.resolve(env.DATA_DIR, 'photos'));
  const store = photoStoreFromEnv(env);
  const counts = { copied: 0, alreadyThere: 0, unfinished: 0, files: 0, deleted: 0 };
  for (const [hash, files] of await photosIn(local)) {
    if (!files.includes(PHOTO_MANIFEST)) {
      counts.unfinished += 1;
      continue;
    }
    const images = files.filter((file) => file !== PHOTO_MANIFEST);
    if (await store.exists(photoKey(hash, PHOTO_MANIFEST))) {
      counts.alreadyThere += 1;
    } else {
      for (const file of images) await copy(photoKey(hash, file), local, store);
      await copy(photoKey(hash, PHOTO_MANIFEST), local, store);
      counts.copied += 1;
      counts.files += files.length;
    }
    if (deleteLocal) {
      // Only a photo whose every file the store holds leaves this disk.
      for (const file of files) if (!(await store.exists(photoKey(hash, file)))) await copy(photoKey(hash, file), local, store);
      for (const file of [...images, PHOTO_MANIFEST]) await local.delete(photoKey(hash, file));
      counts.deleted += 1;
    }
  }
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  process.stdout.write(
    `${local.description} → ${store.description}: ${plural(counts.copied, 'photo')} copied (${plural(counts.files, 'file')}), ${counts.alreadyThere} already there` +
      `${counts.unfinished > 0 ? `, ${counts.unfinished} unfinished left as they are` : ''}` +
      `${deleteLocal ? `; ${plural(counts.deleted, 'local photo')} deleted` : '; the local files are kept (--delete-local removes them)'}\n`,
  );
  return 0;
});
