import path from 'node:path';
import type { Env } from '../../src/config/env.server';
import { folderPhotoStore } from './folder-photo-store';
import type { PhotoStore } from './photo-store';
import { s3PhotoStore } from './s3-photo-store';

/** The photo store the configuration names: the bucket of PHOTO_STORE_URL, else DATA_DIR/photos. */
export function photoStoreFromEnv(env: Pick<Env, 'DATA_DIR' | 'PHOTO_STORE_URL' | 'AWS_ENDPOINT_URL_S3'>): PhotoStore {
  if (env.PHOTO_STORE_URL) return s3PhotoStore({ ...env.PHOTO_STORE_URL, pathStyle: Boolean(env.AWS_ENDPOINT_URL_S3) });
  return folderPhotoStore(path.resolve(env.DATA_DIR, 'photos'));
}
