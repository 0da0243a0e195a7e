import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/test-app';

const site = useTestApp({ PUBLIC_ORIGIN: 'https://www.shoregolfcarts.test' });

function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]!));
}

describe('server-rendered pages', () => {
  it('serves the home page as complete HTML with its metadata', async () => {
    const response = await request(site.app)
      .get('/')
      .expect(200)
      .expect('Content-Type', /text\/html/);
    const html = response.text;
    expect(html).toMatch(/<meta name="description" content="[^"]+ Call \(609\) 555-0142\.">/);
    for (const tag of [
      '<title>Shore Golf Carts | Premium Golf Cart Dealership</title>',
      '<link rel="canonical" href="https://www.shoregolfcarts.test/">',
      '<meta property="og:title" content="Shore Golf Carts | Premium Golf Cart Dealership">',
      '<meta property="og:image" content="https://www.shoregolfcarts.test/images/share.png">',
      '<meta name="twitter:card" content="summary_large_image">',
    ]) {
      expect(html).toContain(tag);
    }
    expect(html).toMatch(/<h1[^>]*>Electric Golf Carts for the Jersey Shore<\/h1>/);
    // The page reads before JavaScript: featured carts, showrooms and the town grid are in the HTML.
    for (const part of ['href="/vehicles/evolution-d5-maverick-4-plus"', '$12,995', '$16,995', '$11,995', 'href="/wildwood-crest-borough-golf-carts"']) {
      expect(html).toContain(part);
    }
  });

  it('describes the business and the inventory search to crawlers', async () => {
    const { text } = await request(site.app).get('/').expect(200);
    const entries = jsonLd(text);
    const business = entries.find((entry) => entry['@type'] === 'AutoDealer')!;
    expect(business).toMatchObject({
      name: 'Shore Golf Carts',
      telephone: '(609) 555-0142',
      url: 'https://www.shoregolfcarts.test/',
      address: { '@type': 'PostalAddress', addressRegion: 'NJ' },
    });
    // The dealer serves a 50 km radius, and is open the hours the site prints.
    expect(business.areaServed).toContainEqual(expect.objectContaining({ '@type': 'GeoCircle', geoRadius: 50000 }));
    expect(business.openingHoursSpecification).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'], opens: '09:00', closes: '17:00' },
    ]);
    // Holiday closures are stated as special openings closed all day (00:00-00:00).
    expect(business.specialOpeningHoursSpecification).toContainEqual({
      '@type': 'OpeningHoursSpecification',
      name: 'Christmas Day',
      validFrom: '2026-12-25',
      validThrough: '2026-12-25',
      opens: '00:00',
      closes: '00:00',
    });
    const website = entries.find((entry) => entry['@type'] === 'WebSite')!;
    expect(website.potentialAction).toMatchObject({
      '@type': 'SearchAction',
      target: { urlTemplate: 'https://www.shoregolfcarts.test/inventory?search={search_term_string}' },
    });
    // The three featured carts, at the prices the page prints, and nothing the page does not show.
    const catalog = entries.find((entry) => entry['@type'] === 'OfferCatalog') as { itemListElement: Array<{ name: string; offers: { price: number } }> };
    expect(catalog.itemListElement.map((product) => [product.name, product.offers.price])).toEqual([
      ['EVOLUTION D5 Maverick 4 Plus', 12995],
      ['EVOLUTION D6 Max GT4', 16995],
      ['DENAGO EV City', 11995],
    ]);
  });

  it('gives each page its own title, description and canonical link', async () => {
    const { text } = await request(site.app).get('/services').expect(200);
    for (const part of [
      '<title>Golf Cart Service &amp; Repair | Shore Golf Carts</title>',
      '<link rel="canonical" href="https://www.shoregolfcarts.test/services">',
      'From $85/hour',
      'From $50',
      '24-48 hours',
    ]) {
      expect(text).toContain(part);
    }
  });

  it.each(['/thank-you', '/privacy', '/terms'])('serves %s', async (path) => {
    const { text } = await request(site.app).get(path).expect(200);
    expect(text).toContain(`<link rel="canonical" href="https://www.shoregolfcarts.test${path}">`);
    expect(text.match(/<h1[\s>]/g)).toHaveLength(1);
  });

  it('answers an unknown path with the not-found page and status 404', async () => {
    const { text } = await request(site.app).get('/no-such-page').expect(404);
    expect(text).toContain('404 Page Not Found');
    expect(text).toContain('<meta name="robots" content="noindex">');
    expect(text).not.toContain('rel="canonical"');
  });

  it('redirects upper-case and trailing-slash paths to the canonical form, keeping the query', async () => {
    await request(site.app).get('/Services').expect(301).expect('Location', '/services');
    await request(site.app).get('/services/').expect(301).expect('Location', '/services');
    await request(site.app).get('/Inventory/?search=Rover').expect(301).expect('Location', '/inventory?search=Rover');
  });

  it('never redirects off the site from a path that starts with two slashes', async () => {
    const response = await request(site.app).get('//Example.com/');
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe('/example.com');
  });

  it('answers 304 to a revisit with the same ETag, and the page again when it changed', async () => {
    const first = await request(site.app).get('/services').expect(200);
    const etag = first.headers.etag as string;
    // Strong: every visitor gets these very bytes (this one gzip-encoded, as asked).
    expect(etag).toMatch(/^"[\w-]+-gzip"$/);
    const revisit = await request(site.app).get('/services').set('If-None-Match', etag).expect(304);
    expect(revisit.headers.etag).toBe(etag);
    await request(site.app).get('/services').set('If-None-Match', 'W/"stale"').expect(200);
  });
});

describe('HTTP hardening', () => {
  // The security headers (CSP, HSTS and the rest) are tested in security-headers.test.ts.
  it('tags every answer with a request id for the logs', async () => {
    const response = await request(site.app).get('/').expect(200);
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('compresses pages for browsers that accept it', async () => {
    const response = await request(site.app).get('/').set('Accept-Encoding', 'gzip').expect(200);
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('serves static files with caching, and hashed assets as immutable', async () => {
    const icon = await request(site.app).get('/favicon.svg').expect(200);
    expect(icon.headers['cache-control']).toContain('max-age=3600');
  });
});

describe('health', () => {
  it('answers liveness and readiness while the database is up', async () => {
    await request(site.app).get('/healthz').expect(200, { status: 'ok' });
    await request(site.app).get('/readyz').expect(200);
  });
});
