import type { SendMailOptions } from 'nodemailer';
import request from 'supertest';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { InquiryCollection, type InquiryRecord } from '../../models/inquiry.model';
import { adfDtdProblems } from '../support/adf-dtd';
import { mailTheOutboxSends } from '../support/outbox-mail';
import { useTestApp } from '../support/test-app';
import { VALID_INQUIRY } from '../support/fixtures';

// Which page, search or ad brought a lead: it rides along with the inquiry, is stored with it and
// reaches staff and the CRM, and none of it is ever logged.

const logged = vi.hoisted(() => [] as string[]);
vi.mock('../../src/logging/logger.server', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/logging/logger.server')>();
  const { pino: createPino } = await import('pino');
  return { ...actual, createLogger: () => createPino({ level: 'debug' }, { write: (line: string) => void logged.push(line) }) };
});

const ORIGIN = 'http://localhost:3000';
const visitor = VALID_INQUIRY;
const fromAnAd = {
  landingPage: '/vehicles/denago-ev-city',
  referrer: 'www.google.com',
  utmSource: 'google',
  utmMedium: 'cpc',
  utmCampaign: 'spring_street_legal',
  utmTerm: 'street legal golf cart',
  gclid: 'Cj0KCQiA5rGuBhCnARIsAN11vgR',
};

const site = useTestApp({ CONTACT_RATE_LIMIT: 1000 });

beforeEach(async () => {
  await InquiryCollection.deleteMany({});
  logged.length = 0;
});

const latest = async () => (await InquiryCollection.findOne().lean<InquiryRecord>().exec())!;

async function deliveredMail(): Promise<SendMailOptions> {
  const sent = await mailTheOutboxSends(site);
  expect(sent).toHaveLength(1);
  return sent[0]!;
}

describe('where a lead came from', () => {
  test('the contact form carries its own page and campaign in hidden fields, for a visitor without JavaScript', async () => {
    const { text } = await request(site.app).get('/contact?utm_source=newsletter&utm_medium=email&utm_campaign=june').expect(200);
    for (const [name, value] of [
      ['landingPage', '/contact'],
      ['utmSource', 'newsletter'],
      ['utmMedium', 'email'],
      ['utmCampaign', 'june'],
    ]) {
      expect(text).toContain(`<input type="hidden" name="${name}" value="${value}"/>`);
    }
    expect((await request(site.app).get('/contact').expect(200)).text).toContain('<input type="hidden" name="landingPage" value="/contact"/>');
  });

  test('a form posted without JavaScript stores its landing page and campaign', async () => {
    await request(site.app)
      .post('/contact')
      .type('form')
      .set('Origin', ORIGIN)
      .send({ ...visitor, landingPage: '/contact', utmSource: 'newsletter', utmMedium: 'email' })
      .expect(303);
    expect((await latest()).source).toEqual({ landingPage: '/contact', utmSource: 'newsletter', utmMedium: 'email' });
  });

  test('the visit’s source sent with the script’s submission is stored, reaches the staff e-mail and the ADF lead, and is never logged', async () => {
    await request(site.app)
      .post('/api/contact')
      .send({ ...visitor, topic: 'test drive', vehicle: 'denago-ev-city', ...fromAnAd })
      .expect(201);
    expect((await latest()).source).toEqual(fromAnAd);

    const mail = await deliveredMail();
    for (const line of [
      'Landing page: http://localhost:3000/vehicles/denago-ev-city',
      'Referred by: www.google.com',
      'Campaign source: google',
      'Campaign medium: cpc',
      'Campaign name: spring_street_legal',
      'Campaign term: street legal golf cart',
      'Google Ads click ID: Cj0KCQiA5rGuBhCnARIsAN11vgR',
    ]) {
      expect(String(mail.text).replace(/:[ \t]+/g, ': ')).toContain(line);
      expect(String(mail.html)).toContain(line.split(': ')[1]);
    }
    const adf = String((mail.attachments as Array<{ content: string }>)[0]!.content);
    expect(adfDtdProblems(adf)).toEqual([]);
    expect(adf).toContain('<service>Website contact form (google / cpc / spring_street_legal)</service>');
    expect(adf).toContain('Lead source\nLanding page: http://localhost:3000/vehicles/denago-ev-city\nReferred by: www.google.com');

    const log = logged.join('\n');
    for (const value of Object.values(fromAnAd)) expect(log).not.toContain(value);
  });

  test('values of the wrong shape are dropped; the message still goes through', async () => {
    await request(site.app)
      .post('/api/contact')
      .send({
        ...visitor,
        landingPage: 'https://evil.test/',
        referrer: 'javascript:alert(1)',
        utmSource: '<b>x</b>',
        utmCampaign: 'a'.repeat(500),
        gclid: 'x y',
        utmMedium: 'cpc',
      })
      .expect(201);
    expect((await latest()).source).toEqual({ utmMedium: 'cpc' });
  });

  test('an inquiry with no source at all stores none and mentions none', async () => {
    await request(site.app).post('/api/contact').send(visitor).expect(201);
    expect((await latest()).source).toBeUndefined();
    const mail = await deliveredMail();
    expect(String(mail.text)).not.toContain('Landing page');
    expect(String((mail.attachments as Array<{ content: string }>)[0]!.content)).toContain('<service>Website contact form</service>');
  });
});
