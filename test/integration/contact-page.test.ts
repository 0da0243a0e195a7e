import request from 'supertest';
import { describe, expect, test } from 'vitest';
import { useTestApp } from '../support/test-app';

const site = useTestApp();

const page = async (path: string) =>
  (
    await request(site.app)
      .get(path)
      .expect(200)
      .expect('Content-Type', /text\/html/)
  ).text;

/** The text of the message box and which interest is chosen, as the server rendered them. */
function formStart(html: string) {
  const message = /<textarea[^>]*name="message"[^>]*>([^<]*)<\/textarea>/.exec(html)?.[1];
  const selected = /<option value="(\w+)" selected="">/.exec(html)?.[1];
  return { message: message?.replaceAll('&#x27;', "'"), selected };
}

describe('the contact page', () => {
  test('has the hero with call and e-mail buttons, the contact details, the hours and the form', async () => {
    const html = await page('/contact');
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toMatch(/<h1[^>]*>Contact Us<\/h1>/);
    for (const part of [
      'href="tel:+16095550142"',
      'href="mailto:sales@example.com"',
      // Two showrooms with their phones, the e-mail, the website.
      'Contact Details',
      'href="tel:+17325550101"',
      '(732) 555-0101',
      'href="tel:+16095550105"',
      '(609) 555-0105',
      'href="https://www.example.com"',
      'Business Hours',
      'Mon-Fri</dt><dd>9AM-5PM',
      'Sat</dt><dd>9AM-5PM',
      'Sun</dt><dd>Closed',
      'Send Us a Message',
    ]) {
      expect(html).toContain(part);
    }
    expect(html).toMatch(/<form[^>]*action="\/contact"[^>]*method="post"|<form[^>]*method="post"[^>]*action="\/contact"/);
    for (const [id, label] of [
      ['firstName', 'First Name'],
      ['lastName', 'Last Name'],
      ['email', 'Email'],
      ['phone', 'Phone'],
      ['interest', 'I&#x27;m Interested In'],
      ['message', 'Message'],
    ]) {
      expect(html).toMatch(new RegExp(`<label for="contact-${id}"[^>]*>${label}</label>`));
    }
    expect(formStart(html)).toEqual({ message: '', selected: 'sales' });
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/contact"');
  });

  test('a rental RESERVE link preselects the interest and prefills the message', async () => {
    const html = await page('/contact?interest=general&topic=rental&plan=6-seater-weekly');
    expect(formStart(html)).toEqual({ selected: 'general', message: "I'd like to reserve a 6-seater golf cart for a weekly rental." });
    expect(html).toContain('<input type="hidden" name="topic" value="rental"/>');
    expect(html).toContain('<input type="hidden" name="plan" value="6-seater-weekly"/>');
  });

  test('a quote link for a vehicle names the vehicle', async () => {
    const html = await page('/contact?interest=sales&topic=quote&vehicle=denago-ev-city');
    expect(formStart(html)).toEqual({ selected: 'sales', message: "I'd like a quote for the DENAGO EV City." });
  });

  test('a service link preselects service and names the service', async () => {
    const html = await page('/contact?interest=service&topic=Battery%20Services');
    expect(formStart(html)).toEqual({ selected: 'service', message: "I'd like to request battery services for my golf cart." });
  });

  test('an unknown interest falls back to sales', async () => {
    expect(formStart(await page('/contact?interest=finance')).selected).toBe('sales');
  });
});

describe('the thank-you page', () => {
  test('thanks the visitor, promises an answer within 24 hours and shows what happens next', async () => {
    const html = await page('/thank-you');
    expect(html).toMatch(/<h1[^>]*>Thank You for Your Message!<\/h1>/);
    for (const part of ['24 hours', '2-6 hours', 'What Happens Next', 'href="tel:+16095550142"']) expect(html).toContain(part);
    for (const path of ['/inventory', '/rentals', '/financing', '/']) expect(html).toContain(`href="${path}"`);
  });
});
