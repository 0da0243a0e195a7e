import { describe, expect, it } from 'vitest';
import { feedUnitSchema } from './feed-unit-schema';

const showrooms = ['bayville', 'waretown'];
const TODAY = new Date('2026-11-26T12:00:00Z');

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('feedUnitSchema', () => {
  const unit = { stockNumber: 'U2417', brand: 'Club Car', model: 'Onward 4 Passenger', condition: 'used', price: 9495 };

  it('needs a stock number, brand, model, condition and price, and defaults the rest', () => {
    expect(feedUnitSchema(showrooms, TODAY).parse(unit)).toEqual({ ...unit, status: 'available', features: [], photos: [] });
    expect(messages(feedUnitSchema(showrooms, TODAY).safeParse({}))).toEqual([
      'stockNumber: is required',
      'brand: is required',
      'model: is required',
      'condition: must be new, used or certified',
      'price: is required (null for "Contact for Pricing")',
    ]);
  });

  it('takes a null price as "Contact for Pricing" and refuses cents', () => {
    expect(feedUnitSchema(showrooms, TODAY).parse({ ...unit, price: null }).price).toBeNull();
    expect(messages(feedUnitSchema(showrooms, TODAY).safeParse({ ...unit, price: 9495.5 }))).toEqual(['price: must be a whole number of dollars']);
  });

  it('takes photos as http(s) addresses or file paths, and nothing else', () => {
    const photos = ['https://dms.example.com/u2417/1.jpg', 'photos/u2417-2.jpg', '/srv/feed/u2417-3.jpg'];
    expect(feedUnitSchema(showrooms, TODAY).parse({ ...unit, photos }).photos).toEqual(photos);
    expect(messages(feedUnitSchema(showrooms, TODAY).safeParse({ ...unit, photos: ['ftp://dms.example.com/1.jpg'] }))).toEqual([
      'photos.0: must be an http(s) address or a file path',
    ]);
  });

  it('takes model years up to one ahead of the day it checks on, so a process running over New Year moves with it', () => {
    expect(messages(feedUnitSchema(showrooms, new Date('2026-12-31T12:00:00Z')).safeParse({ ...unit, year: 2028 }))).toEqual([
      'year: must be a model year no later than 2027',
    ]);
    expect(feedUnitSchema(showrooms, new Date('2027-01-01T12:00:00Z')).parse({ ...unit, year: 2028 }).year).toBe(2028);
  });
});
