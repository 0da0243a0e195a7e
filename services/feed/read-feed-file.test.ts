import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFeedFile } from './read-feed-file';

const locations = ['bayville'];

describe('readFeedFile', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'feed-file-'));
    await writeFile(path.join(dir, 'u1.jpg'), 'a photo');
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads a .csv feed with photo paths relative to its folder', async () => {
    const file = path.join(dir, 'inventory.csv');
    await writeFile(file, '\uFEFFstock_number,brand,model,condition,price,photos\r\nU1,Club Car,Onward,used,9495,u1.jpg\r\n');
    const { units, problems } = await readFeedFile(file, { locations });
    expect(problems).toEqual([]);
    expect(units.map((unit) => unit.photoSources)).toEqual([[path.join(dir, 'u1.jpg')]]);
  });

  it('reads a .json feed the same way', async () => {
    const file = path.join(dir, 'inventory.json');
    await writeFile(file, JSON.stringify([{ stock_number: 'U1', brand: 'Club Car', model: 'Onward', condition: 'used', price: 9495, photos: ['u1.jpg'] }]));
    const { units, problems } = await readFeedFile(file, { locations });
    expect(problems).toEqual([]);
    expect(units.map((unit) => unit.photoSources)).toEqual([[path.join(dir, 'u1.jpg')]]);
  });

  it('says when the file cannot be read or is not JSON', async () => {
    const missing = path.join(dir, 'missing.csv');
    expect((await readFeedFile(missing, { locations })).problems).toEqual([`cannot read ${missing}: ENOENT`]);
    const broken = path.join(dir, 'broken.json');
    await writeFile(broken, '[{"stock_number": ');
    const { problems } = await readFeedFile(broken, { locations });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${broken.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is not valid JSON: `));
  });
});
