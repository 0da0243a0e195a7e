import { describe, expect, test } from 'vitest';
import { parseLeadSource } from './lead-source.server';
import { leadSourceFromUrl } from './lead-source';

describe('where a lead came from', () => {
  test('reads the landing page and the campaign parameters of an address', () => {
    expect(
      leadSourceFromUrl(
        new URL(
          'https://www.shoregolfcarts.test/vehicles/denago-ev-city?utm_source=google&utm_medium=cpc&utm_campaign=spring_sale&utm_term=golf+carts+nj&utm_content=ad-2&gclid=Cj0KCQiA5_abc-123&search=x',
        ),
      ),
    ).toEqual({
      landingPage: '/vehicles/denago-ev-city',
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'spring_sale',
      utmTerm: 'golf carts nj',
      utmContent: 'ad-2',
      gclid: 'Cj0KCQiA5_abc-123',
    });
    expect(leadSourceFromUrl(new URL('https://www.shoregolfcarts.test/contact'))).toEqual({ landingPage: '/contact' });
  });

  test('keeps well-formed values from a submission', () => {
    const source = {
      landingPage: '/ocean-city-golf-carts',
      referrer: 'WWW.Google.com',
      utmSource: 'facebook',
      utmMedium: 'paid social',
      utmCampaign: 'Été 2026 (shore)',
      gclid: 'Cj0KCQiA5_abc-123',
    };
    expect(parseLeadSource({ firstName: 'Ann', ...source })).toEqual({ ...source, referrer: 'www.google.com' });
  });

  test.each([
    ['a landing page on another host', { landingPage: '//evil.test/x' }],
    ['a landing page that is a full address', { landingPage: 'https://evil.test/' }],
    ['a landing page with a query or spaces', { landingPage: '/contact?email=a@b.c' }],
    ['a landing page that is too long', { landingPage: `/${'a'.repeat(300)}` }],
    ['a referrer that is an address, not a host', { referrer: 'https://www.google.com/search?q=carts' }],
    ['a campaign with markup', { utmCampaign: '<script>alert(1)</script>' }],
    ['a campaign with a line break', { utmSource: 'google\nBcc: x@y.z' }],
    ['a campaign that is too long', { utmTerm: 'a'.repeat(101) }],
    ['a click id of the wrong shape', { gclid: 'abc def' }],
    ['a value that is not text', { utmSource: ['google'], referrer: 42 }],
  ])('drops %s, and keeps the rest', (_case, bad) => {
    expect(parseLeadSource({ utmMedium: 'cpc', ...bad })).toEqual({ utmMedium: 'cpc' });
  });
});
