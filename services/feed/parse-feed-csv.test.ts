import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseFeedCsv } from './parse-feed-csv';

const locations = ['bayville', 'waretown', 'pleasantville'];
const HEADER = 'stock_number,serial_number,year,brand,model,name,condition,category,price,seats,color,hours,location,status,description,features,photos';

const csv = (...rows: string[]) => [HEADER, ...rows].join('\r\n') + '\r\n';

describe('parseFeedCsv', () => {
  it('maps each row to a catalog unit with a stable page address', () => {
    const { units, problems } = parseFeedCsv(
      csv(
        'u2417,ph2131-123456,2021,Club Car,Onward 4 Passenger,,used,onward,"$9,495",4,Silver,312,bayville,available,"Lifted 4"", new batteries",Rear seat kit | LED lights|,https://dms.example.com/u2417/1.jpg|https://dms.example.com/u2417/2.jpg',
        'U2420,,,E-Z-GO,RXV Elite,EZGO RXV,certified,,,2,Black,"1,204",,pending,,,',
      ),
      { locations },
    );
    expect(problems).toEqual([]);
    expect(units).toEqual([
      {
        slug: '2021-club-car-onward-4-passenger-u2417',
        name: '2021 Club Car Onward 4 Passenger',
        description: 'Lifted 4", new batteries',
        brand: 'club-car',
        brandName: 'Club Car',
        model: 'Onward 4 Passenger',
        category: 'onward',
        price: 9495,
        images: [],
        specifications: { seatingCapacity: '4 passengers' },
        features: ['Rear seat kit', 'LED lights'],
        inStock: true,
        isNew: false,
        stockNumber: 'U2417',
        serialNumber: 'PH2131-123456',
        year: 2021,
        condition: 'used',
        color: 'Silver',
        hours: 312,
        location: 'bayville',
        status: 'available',
        photoSources: ['https://dms.example.com/u2417/1.jpg', 'https://dms.example.com/u2417/2.jpg'],
      },
      {
        slug: 'e-z-go-rxv-elite-u2420',
        name: 'EZGO RXV',
        description: 'Certified EZGO RXV, Black.',
        brand: 'e-z-go',
        brandName: 'E-Z-GO',
        model: 'RXV Elite',
        category: 'rxv',
        price: null,
        images: [],
        specifications: { seatingCapacity: '2 passengers' },
        features: [],
        inStock: true,
        isNew: false,
        stockNumber: 'U2420',
        condition: 'certified',
        color: 'Black',
        hours: 1204,
        status: 'pending',
        photoSources: [],
      },
    ]);
  });

  it('reads columns in any order, under the names dealer systems give them', () => {
    const { units, problems } = parseFeedCsv('Price,Model,Brand,Condition,Stock Number\n8995,Mach 4E,Swift EV,USED,a-1\n', { locations });
    expect(problems).toEqual([]);
    expect(units.map(({ stockNumber, brand, price, condition, status }) => ({ stockNumber, brand, price, condition, status }))).toEqual([
      { stockNumber: 'A-1', brand: 'swift-ev', price: 8995, condition: 'used', status: 'available' },
    ]);
  });

  it('a sold unit is not in stock', () => {
    const { units } = parseFeedCsv(csv('U1,,2019,Club Car,Precedent,,used,,4500,2,White,880,,sold,,,'), { locations });
    expect(units[0]).toMatchObject({ status: 'sold', inStock: false });
  });

  it('names every problem of every row by its spreadsheet row and column', () => {
    const { units, problems } = parseFeedCsv(
      csv(
        'U1,,2021,Club Car,Onward,,used,,9495,4,,,bayville,,,,',
        'U2,,21,Club Car,Onward,,old,,9495.50,4,,-3,atlantic-city,gone,,,ftp://dms.example.com/1.jpg',
        ',,2020,,Onward,,used,,abc,14,,,,,,,',
        'u1,,2021,Club Car,Onward,,used,,9495,4,,,,,,,',
      ),
      { locations },
    );
    expect(problems).toEqual([
      'row 3, column year: must be a model year from 1980 on',
      'row 3, column condition: must be new, used or certified',
      'row 3, column price: must be a whole number of dollars',
      'row 3, column hours: must be a whole number of hours',
      'row 3, column location: must be one of the showrooms: bayville, waretown, pleasantville',
      'row 3, column status: must be available, pending or sold',
      'row 3, column photos, item 1: must be an http(s) address or a file path',
      'row 4, column stock_number: is required',
      'row 4, column brand: is required',
      'row 4, column price: must be a whole number of dollars',
      'row 4, column seats: must be a whole number from 1 to 12',
      'row 5, column stock_number: U1 is already on row 2',
    ]);
    expect(units.map((unit) => unit.stockNumber)).toEqual(['U1']);
  });

  it('refuses unknown, repeated and missing columns before reading any row', () => {
    const { units, problems } = parseFeedCsv('stock_number,brand,Model,miles,model,price\nU1,Club Car,Onward,12,Onward,9495\n', { locations });
    expect(problems).toEqual([
      'row 1, column miles: not a feed column (the columns are stock_number, serial_number, year, brand, model, name, condition, category, price, seats, color, hours, odometer, location, status, description, features, photos)',
      'row 1, column model: appears twice',
      'row 1: the required column condition is missing',
    ]);
    expect(units).toEqual([]);
  });

  it('ignores empty nameless columns a spreadsheet adds, but not ones with values', () => {
    expect(parseFeedCsv('stock_number,brand,model,condition,price,,\nU1,Club Car,Onward,used,9495,,\n', { locations }).problems).toEqual([]);
    expect(parseFeedCsv('stock_number,brand,model,condition,price,\nU1,Club Car,Onward,used,9495,x\n', { locations }).problems).toEqual([
      'row 1, column 6: has values but no name',
    ]);
  });

  it('names a row whose field count does not match the header, and CSV syntax problems, in row order', () => {
    const { problems } = parseFeedCsv('stock_number,brand,model,condition,price\nU1,Club Car,Onward,used\nU2,Club Car,"Onward"x,used,1\nU3,Club Car,Onward,used,abc\n', {
      locations,
    });
    expect(problems).toEqual([
      'row 2: has 4 fields where row 1 names 5 columns',
      'row 3: text after the closing quote of field 3 (a quote inside a quoted field is written "")',
      'row 4, column price: must be a whole number of dollars',
    ]);
  });

  it('refuses an empty feed and one without units, so a full import never marks everything sold by mistake', () => {
    expect(parseFeedCsv('', { locations }).problems).toEqual(['the feed is empty: row 1 must name the columns (stock_number, brand, model, condition, price, ...)']);
    expect(parseFeedCsv(`${HEADER}\r\n`, { locations }).problems).toEqual(['the feed lists no units']);
  });

  it('keeps each problem on one line even when a cell holds a line break', () => {
    const { problems } = parseFeedCsv('stock_number,brand,model,condition,price\n"U1\nU2",Club Car,Onward,used,1\n', { locations });
    expect(problems).toEqual(['row 2, column stock_number: must be 1 to 24 letters, digits or hyphens, such as U2417']);
  });

  describe('photo files', () => {
    let dir: string | undefined;
    afterEach(async () => {
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it('reads photo paths relative to the feed folder and names each one that is not there', async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'feed-photos-'));
      await writeFile(path.join(dir, 'u1-front.jpg'), 'a photo');
      const feed = 'stock_number,brand,model,condition,price,photos\nU1,Club Car,Onward,used,9495,u1-front.jpg | u1-side.jpg\n';
      const { units, problems } = parseFeedCsv(feed, { locations, baseDir: dir });
      expect(problems).toEqual([`row 2, column photos, item 2: no such file ${path.join(dir, 'u1-side.jpg')}`]);
      expect(units).toEqual([]);

      await writeFile(path.join(dir, 'u1-side.jpg'), 'a photo');
      expect(parseFeedCsv(feed, { locations, baseDir: dir }).units[0]!.photoSources).toEqual([path.join(dir, 'u1-front.jpg'), path.join(dir, 'u1-side.jpg')]);
    });
  });
});
