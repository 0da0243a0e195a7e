import { describe, expect, test } from 'vitest';
import { adfDtdProblems } from '../../test/support/adf-dtd';
import { loadBusinessFile } from '../config/load-business-file.server';
import { businessProfile } from '../config/business-profile.server';
import { buildAdfLead } from './adf-lead.server';
import type { MailedInquiry } from './mailed-inquiry.server';

const business = businessProfile(loadBusinessFile(undefined), 'https://www.shoregolfcarts.test');
const evCity = { slug: 'denago-ev-city', name: 'DENAGO EV City', brand: 'denago', year: 2026, condition: 'new' as const };
/** A certified street-legal LSV on the lot, with its VIN, and a used Club Car whose serial number is no VIN. */
const emerge = {
  slug: '2022-tomberlin-emerge-e4-sg2403',
  name: '2022 Tomberlin Emerge E4',
  brand: 'tomberlin',
  year: 2022,
  condition: 'certified' as const,
  unit: { make: 'Tomberlin', model: 'Emerge E4', stockNumber: 'SG2403', serialNumber: '1T9EM4E20NS000418', color: 'Electric Blue', odometer: 1840, price: 11495 },
};
const onward = {
  slug: '2021-club-car-onward-4-passenger-sg2401',
  name: '2021 Club Car Onward 4 Passenger',
  brand: 'club-car',
  year: 2021,
  condition: 'used' as const,
  unit: { make: 'Club Car', model: 'Onward 4 Passenger', stockNumber: 'SG2401', serialNumber: 'PH2131-283475', price: null },
};
const base: MailedInquiry = {
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
const kinds: Array<[string, MailedInquiry]> = [
  ['a quote for a vehicle', { ...base, topic: 'quote', vehicle: evCity }],
  ['a test drive', { ...base, topic: 'test drive', vehicle: evCity }],
  ['a financing quote', { ...base, topic: 'financing quote', vehicle: evCity }],
  ['a vehicle imported before the catalog had years', { ...base, vehicle: { ...evCity, year: undefined } }],
  ['a certified unit on the lot', { ...base, topic: 'availability', vehicle: emerge }],
  ['an unpriced used unit', { ...base, topic: 'test drive', vehicle: onward }],
  ['a rental plan', { ...base, interest: 'general', topic: 'rental', plan: '6-seater-weekly' }],
  ['service for the visitor’s own cart', { ...base, interest: 'service', topic: 'Battery Services', vehicle: evCity }],
  ['a service appointment', { ...base, interest: 'service', topic: 'service appointment' }],
  ['parts', { ...base, interest: 'parts' }],
  ['a general question', { ...base, interest: 'general' }],
  ['a sales question without a vehicle', { ...base, topic: 'consultation' }],
  [
    'a lead from an ad campaign',
    {
      ...base,
      topic: 'test drive',
      vehicle: evCity,
      source: {
        landingPage: '/vehicles/denago-ev-city',
        referrer: 'www.google.com',
        utmSource: 'google',
        utmMedium: 'cpc',
        utmCampaign: "spring & 'shore'",
        gclid: 'Cj0KCQiA5_abc-123',
      },
    },
  ],
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

  test('names a unit on the lot by year, make, model, VIN, stock number, miles, condition, color and asking price', () => {
    expect(buildAdfLead({ ...base, topic: 'availability', vehicle: emerge }, business)).toContain(
      [
        '    <vehicle interest="buy" status="used">',
        '      <year>2022</year>',
        '      <make>Tomberlin</make>',
        '      <model>Emerge E4</model>',
        '      <vin>1T9EM4E20NS000418</vin>',
        '      <stock>SG2403</stock>',
        '      <odometer units="mi">1840</odometer>',
        '      <condition>certified</condition>',
        '      <colorcombination>',
        '        <exteriorcolor>Electric Blue</exteriorcolor>',
        '        <preference>1</preference>',
        '      </colorcombination>',
        '      <price type="asking" currency="USD">11495</price>',
        '    </vehicle>',
      ].join('\n'),
    );
    const unpriced = buildAdfLead({ ...base, topic: 'test drive', vehicle: onward }, business);
    expect(unpriced).toContain(
      '<make>Club Car</make>\n      <model>Onward 4 Passenger</model>\n      <stock>SG2401</stock>\n      <condition>used</condition>\n      <comments>Serial number PH2131-283475</comments>',
    );
    expect(unpriced).not.toMatch(/<vin>|<price/);
  });

  test('gives an inquiry without a vehicle the general-interest vehicle, saying what it is about', () => {
    const general = (lead: MailedInquiry) => /<vehicle[\s\S]*<\/vehicle>/.exec(buildAdfLead(lead, business))![0];
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
    expect(general({ ...base, interest: 'service', topic: 'Battery Services', vehicle: evCity })).toContain(
      '<comments>Service request: the customer&#39;s own DENAGO EV City, Battery Services</comments>',
    );
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
