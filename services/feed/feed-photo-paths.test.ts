import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFeedFile } from './read-feed-file';

const locations = ['bayville'];
const HEADER = 'stock_number,brand,model,condition,price,photos';

describe("a feed's photo paths stay in the feed's folder", () => {
  let work: string;
  let feedDir: string;
  let outside: string;
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'feed-photo-paths-'));
    feedDir = path.join(work, 'feed');
    outside = path.join(work, 'elsewhere');
    await mkdir(path.join(feedDir, 'photos'), { recursive: true });
    await mkdir(outside);
    // A real photo outside the feed's folder, so nothing but its place can refuse it.
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#1f6fa3' } })
      .jpeg()
      .toBuffer();
    await writeFile(path.join(outside, 'private.jpg'), jpeg);
    await writeFile(path.join(feedDir, 'photos', 'u1.jpg'), jpeg);
    await symlink(path.join(outside, 'private.jpg'), path.join(feedDir, 'photos', 'link-out.jpg'));
    await symlink(outside, path.join(feedDir, 'folder-out'));
    // A link that stays inside is only another name for a file of the feed.
    await symlink(path.join(feedDir, 'photos', 'u1.jpg'), path.join(feedDir, 'photos', 'link-in.jpg'));
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  async function problemsOf(...rows: string[]): Promise<string[]> {
    const file = path.join(feedDir, 'inventory.csv');
    await writeFile(file, `${[HEADER, ...rows].join('\n')}\n`);
    return (await readFeedFile(file, { locations })).problems;
  }

  it('refuses ../ and absolute paths that lead out, and links that point out, naming the row, the stock number and the photo', async () => {
    const depth = path.relative(feedDir, '/').split(path.sep).length;
    const upToRoot = Array.from({ length: depth }, () => '..').join('/');
    expect(
      await problemsOf(
        'U1,Club Car,Onward,used,9495,photos/u1.jpg|../../etc/passwd',
        `U2,Club Car,Onward,used,9495,${upToRoot}/etc/passwd`,
        `U3,Club Car,Onward,used,9495,${path.join(outside, 'private.jpg')}`,
        'U4,Club Car,Onward,used,9495,photos/link-out.jpg',
        'U5,Club Car,Onward,used,9495,photos/link-in.jpg|folder-out/private.jpg',
      ),
    ).toEqual([
      `row 2, column photos, item 2: ../../etc/passwd (stock U1) is outside the feed's folder ${feedDir}`,
      `row 3, column photos, item 1: ${upToRoot}/etc/passwd (stock U2) is outside the feed's folder ${feedDir}`,
      `row 4, column photos, item 1: ${path.join(outside, 'private.jpg')} (stock U3) is outside the feed's folder ${feedDir}`,
      `row 5, column photos, item 1: photos/link-out.jpg (stock U4) is a link to ${path.join(outside, 'private.jpg')}, outside the feed's folder ${feedDir}`,
      `row 6, column photos, item 2: folder-out/private.jpg (stock U5) is a link to ${path.join(outside, 'private.jpg')}, outside the feed's folder ${feedDir}`,
    ]);
  });
});
