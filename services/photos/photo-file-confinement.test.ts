import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PhotoRejectedError } from './photo-rejected-error';
import { processPhoto } from './process-photo';

describe("processPhoto reads a photo file only from the feed's folder", () => {
  let work: string;
  let feedDir: string;
  let photosDir: string;
  let outsidePhoto: string;
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'photo-confinement-'));
    feedDir = path.join(work, 'feed');
    photosDir = path.join(work, 'data', 'photos');
    await mkdir(feedDir);
    // A good photo, so that only where it lies can refuse it.
    outsidePhoto = path.join(work, 'outside.jpg');
    await writeFile(
      outsidePhoto,
      await sharp({ create: { width: 64, height: 48, channels: 3, background: '#b7252e' } })
        .jpeg()
        .toBuffer(),
    );
    await symlink(outsidePhoto, path.join(feedDir, 'link-out.jpg'));
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  const refusal = (source: string) =>
    processPhoto(source, { photosDir, feedDir }).then(
      () => 'processed',
      (error: unknown) => (error instanceof PhotoRejectedError ? error.message : String(error)),
    );

  it('refuses a path outside it, or a link in it that points out, and writes nothing', async () => {
    expect(await refusal(outsidePhoto)).toBe(`${outsidePhoto}: is outside the feed's folder ${feedDir}`);
    expect(await refusal(path.join(feedDir, '..', 'outside.jpg'))).toBe(`${path.join(feedDir, '..', 'outside.jpg')}: is outside the feed's folder ${feedDir}`);
    const link = path.join(feedDir, 'link-out.jpg');
    expect(await refusal(link)).toBe(`${link}: is a link to ${outsidePhoto}, outside the feed's folder ${feedDir}`);
    expect(await readdir(photosDir).catch(() => [])).toEqual([]);
  });
});
