import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvCell } from '../../src/text/csv-cell';
import { readFeedFile } from './read-feed-file';

describe('feed cells that look like spreadsheet formulas', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'feed-formulas-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('are stored as the dealer typed them, and any CSV the site writes keeps them as text', async () => {
    const file = path.join(dir, 'inventory.csv');
    await writeFile(
      file,
      [
        'stock_number,brand,model,condition,price,color,description,features',
        'U1,Club Car,@Onward,used,9495,-Silver,"=HYPERLINK(""https://evil.example/pay"",""Reserve this cart"")",+Lift kit|=1+1',
      ].join('\r\n'),
    );
    const { units, problems } = await readFeedFile(file, { locations: ['bayville'] });
    expect(problems).toEqual([]);
    const [unit] = units;
    const typed = [unit!.model, unit!.color, unit!.description, ...unit!.features];
    expect(typed).toEqual(['@Onward', '-Silver', '=HYPERLINK("https://evil.example/pay","Reserve this cart")', '+Lift kit', '=1+1']);
    expect(typed.map(csvCell)).toEqual([`"'@Onward"`, `"'-Silver"`, `"'=HYPERLINK(""https://evil.example/pay"",""Reserve this cart"")"`, `"'+Lift kit"`, `"'=1+1"`]);
  });
});
