import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readFeedFile } from '../services/feed/read-feed-file';

const FEED = fileURLToPath(new URL('./sample-feed.csv', import.meta.url));
const PHOTOS_DIR = fileURLToPath(new URL('./feed-photos/', import.meta.url));
// The showroom keys of the shipped business file (seeds/business.json).
const SHOWROOMS = ['bayville', 'waretown', 'pleasantville', 'new-jersey-service-delivery', 'cape-may-court-house'];

describe('the sample feed', async () => {
  const { units, problems } = await readFeedFile(FEED, { locations: SHOWROOMS });

  it('reads without a problem, and every photo it names is there', () => {
    // readFeedFile looks for each photo file; a missing one is a problem.
    expect(problems).toEqual([]);
    expect(units.length).toBeGreaterThanOrEqual(5);
    expect(units.length).toBeLessThanOrEqual(8);
  });

  it('offers used and certified units of the brands the site says it carries', () => {
    expect(new Set(units.map((unit) => unit.brandName))).toEqual(new Set(['Club Car', 'E-Z-GO', 'Tomberlin', 'Swift EV', 'EVOLUTION', 'DENAGO']));
    expect(units.every((unit) => unit.condition !== 'new')).toBe(true);
    expect(units.some((unit) => unit.condition === 'certified')).toBe(true);
  });

  it('gives each unit two or three photos of its own, 1600 x 1067 JPEGs, and no photo lies unused', async () => {
    const named = units.flatMap((unit) => unit.photoSources);
    for (const unit of units) expect(unit.photoSources.length, unit.stockNumber).toBeGreaterThanOrEqual(2);
    for (const unit of units) expect(unit.photoSources.length, unit.stockNumber).toBeLessThanOrEqual(3);
    expect(new Set(named).size).toBe(named.length);
    expect((await readdir(PHOTOS_DIR)).map((file) => `${PHOTOS_DIR}${file}`).sort()).toEqual([...named].sort());
    for (const file of named) {
      const { format, width, height, exif } = await sharp(file).metadata();
      expect({ file, format, width, height, exif }).toEqual({ file, format: 'jpeg', width: 1600, height: 1067, exif: undefined });
    }
  });
});
