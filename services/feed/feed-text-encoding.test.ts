import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFeedFile } from './read-feed-file';

const locations = ['bayville'];
const HEADER = 'stock_number,brand,model,condition,price,color';

/** Text as Windows-1252 (Latin-1 for these letters) writes it: one byte per character, é is 0xE9. */
const latin1 = (text: string) => Buffer.from(text, 'latin1');

describe('the text encoding of a feed', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'feed-encoding-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function read(name: string, bytes: Buffer) {
    const file = path.join(dir, name);
    await writeFile(file, bytes);
    return { file, ...(await readFeedFile(file, { locations })) };
  }

  it('refuses a CSV that is not UTF-8, naming each row and column that holds such bytes, rather than publish �', async () => {
    const { file, units, problems } = await read(
      'windows-1252.csv',
      latin1(`${HEADER}\r\nU1,Club Car,Onward,used,9495,Silver\r\nU2,Club Car,Onward,used,9495,Café Crème\r\nU3,Évolution,D5 Ranger,new,12995,\r\n`),
    );
    expect(problems).toEqual([
      `${file} is not UTF-8 text: the lines below name the cells with bytes it cannot read; save it as UTF-8 (in Excel: "CSV UTF-8")`,
      'row 3, column color: holds bytes that are not UTF-8 text (shown as \uFFFD)',
      'row 4, column brand: holds bytes that are not UTF-8 text (shown as \uFFFD)',
    ]);
    expect(units).toEqual([]);
  });

  it('refuses a JSON feed with such bytes in a string, naming the entry and field', async () => {
    const { file, problems } = await read(
      'latin1.json',
      latin1('[{"stock_number":"U1","brand":"Club Car","model":"Onward","condition":"used","price":9495,"features":["Siège arrière"]}]'),
    );
    expect(problems).toEqual([
      `${file} is not UTF-8 text: the lines below name the cells with bytes it cannot read; save it as UTF-8 (in Excel: "CSV UTF-8")`,
      'entries[0], field features: holds bytes that are not UTF-8 text (shown as \uFFFD)',
    ]);
  });

  it('reads UTF-8, with or without a byte order mark, and UTF-16 when its byte order mark declares it', async () => {
    const csv = `${HEADER}\r\nU1,Évolution,D5 Ranger,new,12995,Café Crème\r\n`;
    const utf16be = Buffer.from(`\uFEFF${csv}`, 'utf16le').swap16();
    for (const [name, bytes] of [
      ['utf8.csv', Buffer.from(csv, 'utf8')],
      ['utf8-bom.csv', Buffer.from(`\uFEFF${csv}`, 'utf8')],
      ['utf16le.csv', Buffer.from(`\uFEFF${csv}`, 'utf16le')],
      ['utf16be.csv', utf16be],
    ] as const) {
      const { units, problems } = await read(name, bytes);
      expect({ name, problems, brand: units[0]?.brandName, color: units[0]?.color }).toEqual({ name, problems: [], brand: 'Évolution', color: 'Café Crème' });
    }
  });
});
