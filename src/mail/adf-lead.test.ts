import { describe, expect, test } from 'vitest';
import { adfDtdProblems } from '../../test/support/adf-dtd';
import { loadBusinessFile } from '../config/load-business-file';
import { businessProfile } from '../config/business-profile.server';
import { buildAdfLead } from './adf-lead';
import type { InquiryLead } from './inquiry-lead';

const business = businessProfile(loadBusinessFile(undefined), 'https://www.shoregolfcarts.test');
const evCity = { slug: 'denago-ev-city', name: 'DENAGO EV City', brand: 'denago', year: 2026, condition: 'new' as const };
const base: InquiryLead = {
  id: '3f2c6a54-1f7e-4a8e-9f61-5d1b1f0c2a10',
  firstName: 'Zoë <b>',
  lastName: "O'Brien & Sons",
  email: 'zoe@visitor.test',
  phone: '(609) 555-2000',
  interest: 'sales',
  message: 'Is it "negotiable"? ]]> <script>\nSecond line',
  createdAt: new Date('2026-06-14T13:30:00Z'),
};

/** Every kind of inquiry the site sends, as the outbox builds its lead. */
const kinds: Array<[string, InquiryLead]> = [
  ['a quote for a vehicle', { ...base, topic: 'quote', vehicle: evCity }],
  ['a test drive', { ...base, topic: 'test drive', vehicle: evCity }],
  ['a financing quote', { ...base, topic: 'financing quote', vehicle: evCity }],
  ['a vehicle imported before the catalog had years', { ...base, vehicle: { ...evCity, year: undefined } }],
  ['a rental plan', { ...base, interest: 'general', topic: 'rental', plan: '6-seater-weekly' }],
  ['service for the visitor’s own cart', { ...base, interest: 'service', topic: 'Battery Services', vehicle: evCity }],
  ['a service appointment', { ...base, interest: 'service', topic: 'service appointment' }],
  ['parts', { ...base, interest: 'parts' }],
  ['a general question', { ...base, interest: 'general' }],
  ['a sales question without a vehicle', { ...base, topic: 'consultation' }],
  ['a lead from an ad campaign', { ...base, topic: 'test drive', vehicle: evCity, source: { landingPage: '/vehicles/denago-ev-city', referrer: 'www.google.com', utmSource: 'google', utmMedium: 'cpc', utmCampaign: "spring & 'shore'", gclid: 'Cj0KCQiA5_abc-123' } }],
];

describe('the ADF lead', () => {
  test.each(kinds)('for %s is valid against the ADF 1.0 DTD', (_kind, lead) => {
    expect(adfDtdProblems(buildAdfLead(lead, business))).toEqual([]);
  });

  test('names the vehicle asked about by model year, make and model, as a test drive when that was the button', () => {
    expect(buildAdfLead({ ...base, topic: 'quote', vehicle: evCity }, business)).toContain(
      ['    <vehicle interest="buy" status="new">', '      <year>2026</year>', '      <make>DENAGO</make>', '      <model>EV City</model>', '    </vehicle>'].join('\n'),
    );
    expect(buildAdfLead({ ...base, topic: 'test drive', vehicle: evCity }, business)).toContain('<vehicle interest="test-drive" status="new">');
  });

  test('gives an inquiry without a vehicle the general-interest vehicle, saying what it is about', () => {
    const general = (lead: InquiryLead) => /<vehicle[\s\S]*<\/vehicle>/.exec(buildAdfLead(lead, business))![0];
    expect(general({ ...base, interest: 'general', topic: 'rental', plan: '6-seater-weekly' })).toBe(
      [
        '<vehicle interest="buy" status="new">',
        '      <year></year>',
        '      <make></make>',
        '      <model></model>',
        '      <comments>Rental: 6 Seater Golf Cart Weekly Rental</comments>',
        '    </vehicle>',
      ].join('\n'),
    );
    expect(general({ ...base, interest: 'service', topic: 'Battery Services', vehicle: evCity })).toContain("<comments>Service request: the customer&#39;s own DENAGO EV City, Battery Services</comments>");
    expect(general({ ...base, interest: 'parts' })).toContain('<comments>Parts inquiry, no particular vehicle</comments>');
  });

  test('tells the CRM where the lead came from: the campaign as the provider service, every detail under the comments', () => {
    const xml = buildAdfLead(kinds.at(-1)![1], business);
    expect(xml).toContain('<service>Website contact form (google / cpc / spring &amp; &#39;shore&#39;)</service>');
    expect(xml).toContain(
      [
        '<comments>Is it &quot;negotiable&quot;? ]]&gt; &lt;script&gt;\nSecond line\n\n--\nLead source',
        'Landing page: https://www.shoregolfcarts.test/vehicles/denago-ev-city',
        'Referred by: www.google.com',
        'Campaign source: google',
        'Campaign medium: cpc',
        'Campaign name: spring &amp; &#39;shore&#39;',
        'Google Ads click ID: Cj0KCQiA5_abc-123</comments>',
      ].join('\n'),
    );
    expect(buildAdfLead(base, business)).toContain('<service>Website contact form</service>');
  });

  test('escapes what the visitor typed, so it can never add an element', () => {
    const xml = buildAdfLead(base, business);
    expect(xml).toContain('<name part="first">Zoë &lt;b&gt;</name>');
    expect(xml).toContain('<comments>Is it &quot;negotiable&quot;? ]]&gt; &lt;script&gt;\nSecond line</comments>');
  });
});
