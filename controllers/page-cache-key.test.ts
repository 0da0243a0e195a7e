import { describe, expect, it } from 'vitest';
import { pageCacheKey } from './page-cache-key';

describe('pageCacheKey', () => {
  it('is the path alone for a page that reads no query, whatever the query', () => {
    expect(pageCacheKey('/')).toEqual({ key: '/', perVisitor: false });
    expect(pageCacheKey(`/?r=${Math.random()}`)).toEqual({ key: '/', perVisitor: false });
    expect(pageCacheKey('/about?utm_source=flyer&utm_medium=print')).toEqual({ key: '/about', perVisitor: false });
    expect(pageCacheKey('/vehicles/denago-ev-city?ref=mail').key).toBe('/vehicles/denago-ev-city');
    expect(pageCacheKey('/no-such-page?x=1').key).toBe('/no-such-page');
  });

  it('keeps the path exactly as requested', () => {
    expect(pageCacheKey('//example.com/about').key).not.toBe('/about');
  });

  it('is the inventory filters and page in one normal form, without what the inventory does not read', () => {
    const key = '/inventory?brand=denago&price=under-15000&page=2';
    expect(pageCacheKey('/inventory?page=2&price=under-15000&brand=DENAGO&utm_source=x').key).toBe(key);
    expect(pageCacheKey('/inventory?search=&brand=denago&category=all&price=under-15000&page=2').key).toBe(key);
    expect(pageCacheKey('/inventory?page=1&brand=all').key).toBe('/inventory');
    expect(pageCacheKey('/inventory?page=banana').key).toBe('/inventory');
  });

  it('marks an inventory search, a prefilled contact form and a contact form carrying its campaign as one visitor’s', () => {
    expect(pageCacheKey('/inventory?search=rover').perVisitor).toBe(true);
    expect(pageCacheKey('/inventory?search=+').perVisitor).toBe(false);
    expect(pageCacheKey('/contact?interest=service&topic=Battery').perVisitor).toBe(true);
    expect(pageCacheKey('/contact?vehicle=denago-ev-city').perVisitor).toBe(true);
    // Without JavaScript the form sends the campaign of its own address in hidden fields.
    expect(pageCacheKey('/contact?utm_source=flyer')).toEqual({ key: '/contact', perVisitor: true });
    expect(pageCacheKey('/contact?gclid=abc').perVisitor).toBe(true);
    expect(pageCacheKey('/contact?ref=mail')).toEqual({ key: '/contact', perVisitor: false });
  });
});
