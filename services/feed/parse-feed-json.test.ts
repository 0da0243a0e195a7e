import { describe, expect, it } from 'vitest';
import { parseFeedJson } from './parse-feed-json';

const locations = ['bayville', 'waretown'];

describe('parseFeedJson', () => {
  it('reads units keyed by the CSV column names, with JSON numbers, lists and null', () => {
    const { units, problems } = parseFeedJson(
      [
        {
          stock_number: 'T-0123',
          serial_number: '5tjbe4b26nt000123',
          year: 2022,
          brand: 'Tomberlin',
          model: 'Emerge E4',
          condition: 'used',
          price: null,
          seats: 4,
          odometer: '1,840',
          location: 'Waretown',
          features: ['Street legal', 'Seat belts'],
          photos: ['https://dms.example.com/t-0123/1.jpg'],
          color: null,
        },
      ],
      { locations },
    );
    expect(problems).toEqual([]);
    expect(units).toEqual([
      expect.objectContaining({
        slug: '2022-tomberlin-emerge-e4-t-0123',
        name: '2022 Tomberlin Emerge E4',
        stockNumber: 'T-0123',
        serialNumber: '5TJBE4B26NT000123',
        price: null,
        odometer: 1840,
        location: 'waretown',
        features: ['Street legal', 'Seat belts'],
        photoSources: ['https://dms.example.com/t-0123/1.jpg'],
      }),
    ]);
    expect(units[0]).not.toHaveProperty('color');
  });

  it('names every problem by entry and field', () => {
    const { problems } = parseFeedJson(
      [
        { stock_number: 'U1', brand: 'Club Car', model: 'Onward', condition: 'used', price: 9495, miles: 12 },
        'U2',
        { stock_number: 'U3', brand: 'Club Car', model: 'Onward', condition: 'used', features: 'Lift kit|', photos: [7] },
      ],
      { locations },
    );
    expect(problems).toEqual([
      'entries[0], field "miles": not a feed field (the fields are stock_number, serial_number, year, brand, model, name, condition, category, price, seats, color, hours, odometer, location, status, description, features, photos)',
      'entries[1]: must be an object with the fields stock_number, serial_number, year, brand, model, name, condition, category, price, seats, color, hours, odometer, location, status, description, features, photos',
      'entries[2], field price: is required (null for "Contact for Pricing")',
      'entries[2], field photos, item 1: must be an http(s) address or a file path',
    ]);
  });

  it('refuses a file that is not an array of units', () => {
    expect(parseFeedJson({ units: [] }, { locations }).problems).toEqual(['the file must hold a JSON array of units']);
    expect(parseFeedJson([], { locations }).problems).toEqual(['the feed lists no units']);
  });
});
