import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processUnitPhotos } from './process-unit-photos';

describe('processUnitPhotos', () => {
  let work: string;
  let front: string;
  let side: string;
  let notes: string;
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'unit-photos-'));
    [front, side, notes] = ['front.jpg', 'side.jpg', 'notes.jpg'].map((name) => path.join(work, name)) as [string, string, string];
    await writeFile(
      front,
      await sharp({ create: { width: 600, height: 400, channels: 3, background: '#b7252e' } })
        .jpeg()
        .toBuffer(),
    );
    await writeFile(
      side,
      await sharp({ create: { width: 600, height: 400, channels: 3, background: '#1f6fa3' } })
        .png()
        .toBuffer(),
    );
    await writeFile(notes, 'not a photo');
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it("gives each unit its photos in the feed's order, names every refused photo, and counts each distinct photo once in the progress", async () => {
    const progress: string[] = [];
    const { photos, problems } = await processUnitPhotos(
      [
        { stockNumber: 'SG2401', photoSources: [side, front] },
        { stockNumber: 'SG2402', photoSources: [notes, front] },
        { stockNumber: 'SG2403', photoSources: [] },
      ],
      { photosDir: path.join(work, 'photos'), feedDir: work, onProgress: (done, total) => progress.push(`${done}/${total}`) },
    );
    expect(problems).toEqual([`stock SG2402, photo 1: ${notes}: is not a JPEG, PNG, WebP or AVIF image`]);
    // The side photo is blue, the front one red: their dominant colors tell them apart.
    const tint = (color: string) => (Number.parseInt(color.slice(1, 3), 16) > Number.parseInt(color.slice(5, 7), 16) ? 'red' : 'blue');
    expect(photos.get('SG2401')?.map((photo) => tint(photo.color))).toEqual(['blue', 'red']);
    expect(photos.get('SG2402')).toEqual([photos.get('SG2401')![1]]);
    expect(photos.get('SG2403')).toEqual([]);
    expect(progress).toEqual(['1/3', '2/3', '3/3']);
  });

  it('stops and throws when photos cannot be written at all, rather than calling them refused', async () => {
    const notAFolder = path.join(work, 'photos-is-a-file');
    await writeFile(notAFolder, '');
    await expect(processUnitPhotos([{ stockNumber: 'SG2401', photoSources: [front, side] }], { photosDir: notAFolder, feedDir: work })).rejects.toMatchObject({
      code: 'EEXIST',
    });
  });
});
