import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/test-app';

// A search is never kept, so each costs a database query: one address gets SEARCH_RATE_LIMIT of
// them a minute, on the page and the API together; the inventory without a search is not counted.

const site = useTestApp({ SEARCH_RATE_LIMIT: 3 });

describe('inventory searches from one address', () => {
  it('are answered up to the limit, then refused with 429 and why, while the inventory without a search still answers', async () => {
    await request(site.app).get('/inventory?search=rover').expect(200);
    await request(site.app).get('/api/inventory?search=city').expect(200);
    await request(site.app).get('/inventory?search=maverick&brand=evolution').expect(200);

    const page = await request(site.app).get('/inventory?search=forester').expect(429);
    expect(page.text).toBe('Too many searches from your address. Please wait a minute and try again, or call us.');
    expect(page.headers['cache-control']).toBe('no-store');
    const api = await request(site.app).get('/api/inventory?search=forester').expect(429);
    expect(api.body).toEqual({ error: 'Too many searches from your address. Please wait a minute and try again, or call us.' });

    await request(site.app).get('/inventory').expect(200);
    await request(site.app).get('/inventory?brand=denago&search=%20').expect(200);
    await request(site.app).get('/api/inventory?brand=denago').expect(200);
  });
});
