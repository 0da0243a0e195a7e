import { describe, expect, it } from 'vitest';
import { feedUnitSchema, unitFieldsSchema } from './unit-fields';

const showrooms = ['bayville', 'waretown'];

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('unitFieldsSchema', () => {
  it('leaves a model entry without any unit field valid', () => {
    expect(unitFieldsSchema(showrooms).parse({})).toEqual({});
  });

  it('keeps stock and serial numbers in capitals, so U2417 and u2417 are the same unit', () => {
    expect(unitFieldsSchema(showrooms).parse({ stockNumber: ' u2417 ', serialNumber: 'ph2131-123456' })).toEqual({
      stockNumber: 'U2417',
      serialNumber: 'PH2131-123456',
    });
  });

  it('accepts only the showrooms it is given as a location', () => {
    expect(unitFieldsSchema(showrooms).parse({ location: 'waretown' })).toEqual({ location: 'waretown' });
    expect(messages(unitFieldsSchema(showrooms).safeParse({ location: 'pleasantville' }))).toEqual(['location: must be one of the showrooms: bayville, waretown']);
    expect(unitFieldsSchema(['pleasantville']).parse({ location: 'pleasantville' })).toEqual({ location: 'pleasantville' });
  });

  it('names what is wrong with a condition, status, year, hours or sale date', () => {
    const result = unitFieldsSchema(showrooms).safeParse({ condition: 'refurbished', status: 'reserved', year: 1975, hours: 12.5, soldAt: 'last week' });
    expect(messages(result)).toEqual([
      'year: must be a model year from 1980 on',
      'condition: must be new, used or certified',
      'hours: must be a whole number of hours',
      'status: must be available, pending or sold',
      'soldAt: must be a date and time such as 2026-07-01T12:00:00Z',
    ]);
  });

  it('refuses a model year more than a year ahead', () => {
    const nextYear = new Date().getFullYear() + 1;
    expect(unitFieldsSchema(showrooms).parse({ year: nextYear })).toEqual({ year: nextYear });
    expect(messages(unitFieldsSchema(showrooms).safeParse({ year: nextYear + 1 }))).toEqual([`year: must be a model year no later than ${nextYear}`]);
  });
});

describe('feedUnitSchema', () => {
  const unit = { stockNumber: 'U2417', brand: 'Club Car', model: 'Onward 4 Passenger', condition: 'used', price: 9495 };

  it('needs a stock number, brand, model, condition and price, and defaults the rest', () => {
    expect(feedUnitSchema(showrooms).parse(unit)).toEqual({ ...unit, status: 'available', features: [], photos: [] });
    expect(messages(feedUnitSchema(showrooms).safeParse({}))).toEqual([
      'stockNumber: is required',
      'brand: is required',
      'model: is required',
      'condition: must be new, used or certified',
      'price: is required (null for "Contact for Pricing")',
    ]);
  });

  it('takes a null price as "Contact for Pricing" and refuses cents', () => {
    expect(feedUnitSchema(showrooms).parse({ ...unit, price: null }).price).toBeNull();
    expect(messages(feedUnitSchema(showrooms).safeParse({ ...unit, price: 9495.5 }))).toEqual(['price: must be a whole number of dollars']);
  });

  it('takes photos as http(s) addresses or file paths, and nothing else', () => {
    const photos = ['https://dms.example.com/u2417/1.jpg', 'photos/u2417-2.jpg', '/srv/feed/u2417-3.jpg'];
    expect(feedUnitSchema(showrooms).parse({ ...unit, photos }).photos).toEqual(photos);
    expect(messages(feedUnitSchema(showrooms).safeParse({ ...unit, photos: ['ftp://dms.example.com/1.jpg'] }))).toEqual([
      'photos.0: must be an http(s) address or a file path',
    ]);
  });
});
