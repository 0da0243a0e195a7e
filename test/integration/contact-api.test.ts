import request from 'supertest';
import { beforeEach, describe, expect, test } from 'vitest';
import { InquiryCollection, type InquiryRecord } from '../../models/inquiry.model';
import { mailTheOutboxSends } from '../support/outbox-mail';
import { useTestApp } from '../support/test-app';
import { VALID_INQUIRY as valid } from '../support/fixtures';

const ORIGIN = 'http://localhost:3000';

type Field = keyof typeof valid;

interface BadInput {
  case: string;
  field: Field;
  /** The value sent; undefined leaves the field out. */
  value: unknown;
  message: string;
}

const ONE_LINE = (label: string) => `${label} must be a single line of plain text`;

/** What a visitor, a broken client or an attacker might send, and what each is told. */
const badInputs: BadInput[] = [
  { case: 'first name missing', field: 'firstName', value: undefined, message: 'First name is required' },
  { case: 'last name missing', field: 'lastName', value: undefined, message: 'Last name is required' },
  { case: 'email missing', field: 'email', value: undefined, message: 'Invalid email address' },
  { case: 'phone missing', field: 'phone', value: undefined, message: 'Phone number is required' },
  { case: 'message missing', field: 'message', value: undefined, message: 'Message must be at least 10 characters' },

  { case: 'first name empty', field: 'firstName', value: '', message: 'First name is required' },
  { case: 'first name only spaces', field: 'firstName', value: '   ', message: 'First name is required' },
  { case: 'last name empty', field: 'lastName', value: '', message: 'Last name is required' },
  { case: 'email empty', field: 'email', value: '', message: 'Invalid email address' },
  { case: 'phone empty', field: 'phone', value: '', message: 'Phone number is required' },
  { case: 'interest empty', field: 'interest', value: '', message: 'Choose sales, service, parts or general' },
  { case: 'message empty', field: 'message', value: '', message: 'Message must be at least 10 characters' },

  { case: 'phone too short', field: 'phone', value: '555-0100', message: 'Phone number is required' },
  { case: 'message too short', field: 'message', value: 'Too short', message: 'Message must be at least 10 characters' },
  { case: 'message short once trimmed', field: 'message', value: '   Hi there   ', message: 'Message must be at least 10 characters' },
  { case: 'email without a domain', field: 'email', value: 'jane@', message: 'Invalid email address' },
  { case: 'email without an @', field: 'email', value: 'jane.doe.example.com', message: 'Invalid email address' },
  { case: 'interest not offered', field: 'interest', value: 'financing', message: 'Choose sales, service, parts or general' },

  { case: 'first name too long', field: 'firstName', value: 'A'.repeat(101), message: 'First name must be at most 100 characters' },
  { case: 'last name too long', field: 'lastName', value: 'B'.repeat(101), message: 'Last name must be at most 100 characters' },
  { case: 'email too long', field: 'email', value: `${'j'.repeat(250)}@example.com`, message: 'Email must be at most 254 characters' },
  { case: 'phone too long', field: 'phone', value: '6'.repeat(41), message: 'Phone number must be at most 40 characters' },
  { case: 'message too long', field: 'message', value: 'm'.repeat(5001), message: 'Message must be at most 5000 characters' },

  { case: 'first name with a line break', field: 'firstName', value: 'Ja\nne', message: ONE_LINE('First name') },
  { case: 'last name with a carriage return', field: 'lastName', value: 'Do\re', message: ONE_LINE('Last name') },
  { case: 'phone with a tab', field: 'phone', value: '609\t555 0100', message: ONE_LINE('Phone number') },
  { case: 'first name with a NUL character', field: 'firstName', value: 'Jane\u0000', message: ONE_LINE('First name') },
  { case: 'last name with an escape character', field: 'lastName', value: 'Doe\u001b[31m', message: ONE_LINE('Last name') },
  { case: 'last name with a right-to-left override', field: 'lastName', value: 'Doe\u202egpj.exe', message: ONE_LINE('Last name') },
  { case: 'first name with a line separator', field: 'firstName', value: 'Jane\u2028Doe', message: ONE_LINE('First name') },
  { case: 'message with a bell character', field: 'message', value: 'Hello there\u0007, about carts', message: 'Message must be plain text' },

  { case: 'header injection in the first name', field: 'firstName', value: 'Jane\r\nBcc: evil@attacker.example', message: ONE_LINE('First name') },
  { case: 'header injection in the last name', field: 'lastName', value: 'Doe\nTo: evil@attacker.example', message: ONE_LINE('Last name') },
  { case: 'header injection in the email (CRLF)', field: 'email', value: 'jane@example.com\r\nBcc: evil@attacker.example', message: 'Invalid email address' },
  { case: 'header injection in the email (LF)', field: 'email', value: 'jane@example.com\nCc: evil@attacker.example', message: 'Invalid email address' },
  { case: 'a second address in the email', field: 'email', value: 'jane@example.com, evil@attacker.example', message: 'Invalid email address' },
  { case: 'a display name in the email', field: 'email', value: '"Jane" <evil@attacker.example>', message: 'Invalid email address' },
];

/** Values JSON can carry and a form post cannot: each is refused, never cast to text. */
const wrongTypes: BadInput[] = (['firstName', 'lastName', 'email', 'phone', 'message', 'interest'] as const).flatMap((field) => {
  const label = { firstName: 'First name', lastName: 'Last name', email: 'Email', phone: 'Phone number', message: 'Message', interest: '' }[field];
  const message = field === 'interest' ? 'Choose sales, service, parts or general' : `${label} must be text`;
  return [
    { case: `${field} as a number`, field, value: 6095550100, message },
    { case: `${field} as an array`, field, value: [valid[field]], message },
    { case: `${field} as an object`, field, value: { value: valid[field] }, message },
    { case: `${field} as a query operator`, field, value: { $gt: '' }, message },
    { case: `${field} as null`, field, value: null, message },
    { case: `${field} as a boolean`, field, value: true, message },
  ];
});

function withValue(field: Field, value: unknown): Record<string, unknown> {
  const body: Record<string, unknown> = { ...valid };
  if (value === undefined) delete body[field];
  else body[field] = value;
  return body;
}

const site = useTestApp({ CONTACT_RATE_LIMIT: 10_000 });

function postForm(form: string | Record<string, string>, origin: string | null = ORIGIN) {
  const post = request(site.app).post('/contact').type('form');
  if (origin) post.set('Origin', origin);
  return post.send(form);
}

beforeEach(async () => {
  await InquiryCollection.deleteMany({});
});

describe('POST /api/contact', () => {
  test('stores the inquiry and answers 201 with its id and time; client ids, times and unknown fields are ignored', async () => {
    const started = Date.now();
    const answer = await request(site.app)
      .post('/api/contact')
      .send({ ...valid, firstName: '  Jane  ', email: ' jane.doe@example.com ', id: 'chosen-by-client', createdAt: '1999-01-01T00:00:00.000Z', isAdmin: true, _id: 'x' })
      .expect(201)
      .expect('Content-Type', /json/);
    expect(Object.keys(answer.body).sort()).toEqual(['createdAt', 'id']);
    expect(answer.body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Date(answer.body.createdAt).getTime()).toBeGreaterThanOrEqual(started - 1000);

    const records = await InquiryCollection.find().lean<InquiryRecord[]>().exec();
    expect(records).toHaveLength(1);
    const [record] = records as [InquiryRecord];
    expect(record).toMatchObject({ ...valid, id: answer.body.id, firstName: 'Jane', email: 'jane.doe@example.com' });
    expect(record.createdAt.toISOString()).toBe(answer.body.createdAt);
    expect(record).not.toHaveProperty('isAdmin');
    expect(record.notification).toMatchObject({ status: 'pending', attempts: 0 });
    expect(record.crmNotification).toBeUndefined();
  });

  test('the interest defaults to sales', async () => {
    const { interest: _omitted, ...withoutInterest } = valid;
    await request(site.app).post('/api/contact').send(withoutInterest).expect(201);
    expect((await InquiryCollection.findOne().lean<InquiryRecord>().exec())?.interest).toBe('sales');
  });

  test.each([
    ['José', 'Núñez'],
    ['Zoë', 'Łukasiewicz'],
    ['李', '小龍'],
    ['Nguyễn', 'Thị Minh'],
    ['Seán', "O'Brien-Smith"],
    ['محمد', 'الحسن'],
    ['Ægir', 'Þórsson 🌊'],
  ])('accepts the name %s %s exactly as typed', async (firstName, lastName) => {
    await request(site.app)
      .post('/api/contact')
      .send({ ...valid, firstName, lastName })
      .expect(201);
    const record = await InquiryCollection.findOne().lean<InquiryRecord>().exec();
    expect([record?.firstName, record?.lastName]).toEqual([firstName, lastName]);
  });

  test('remembers the vehicle and rental plan a prefilled link named', async () => {
    await request(site.app)
      .post('/api/contact')
      .send({ ...valid, topic: 'rental', plan: '6-seater-weekly', vehicle: 'evolution-d5-maverick-4-plus' })
      .expect(201);
    const record = await InquiryCollection.findOne().lean<InquiryRecord>().exec();
    expect(record?.prefill).toEqual({ topic: 'rental', plan: '6-seater-weekly', vehicle: 'evolution-d5-maverick-4-plus' });
    expect(record?.vehicleOfInterest).toMatchObject({ slug: 'evolution-d5-maverick-4-plus', brand: 'evolution', condition: 'new' });
  });

  test('a filled honeypot is answered like a real inquiry, but nothing is stored or sent', async () => {
    const answer = await request(site.app)
      .post('/api/contact')
      .send({ ...valid, website: 'https://spam.example' })
      .expect(201);
    expect(answer.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(answer.body.createdAt))).toBe(false);
    expect(await InquiryCollection.countDocuments()).toBe(0);
    expect(await mailTheOutboxSends(site)).toEqual([]);
  });

  test.each([...badInputs, ...wrongTypes])('refuses $case: 400 with the field message', async ({ field, value, message }) => {
    const answer = await request(site.app).post('/api/contact').send(withValue(field, value)).expect(400).expect('Content-Type', /json/);
    expect(answer.body.error).toBe('Please correct the highlighted fields.');
    expect(answer.body.fieldErrors).toEqual({ [field]: [message] });
    expect(await InquiryCollection.countDocuments()).toBe(0);
  });

  test('an oversized body answers 413', async () => {
    const answer = await request(site.app)
      .post('/api/contact')
      .send({ ...valid, message: 'x'.repeat(40 * 1024) })
      .expect(413);
    expect(answer.body.error).toBe('The request body is too large.');
    expect(await InquiryCollection.countDocuments()).toBe(0);
  });

  test.each([
    ['text/plain', JSON.stringify(valid)],
    ['application/x-www-form-urlencoded', new URLSearchParams(valid).toString()],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="firstName"\r\n\r\nJane\r\n--x--'],
    ['application/xml', '<contact/>'],
  ])('a %s body answers 415', async (type, body) => {
    const answer = await request(site.app).post('/api/contact').set('Content-Type', type).send(body).expect(415);
    expect(answer.body.error).toMatch(/JSON/);
    expect(await InquiryCollection.countDocuments()).toBe(0);
  });

  test('a body without a content type answers 415', async () => {
    const answer = await request(site.app).post('/api/contact').expect(415);
    expect(answer.body.error).toMatch(/JSON/);
  });

  test('malformed JSON answers 400', async () => {
    const answer = await request(site.app).post('/api/contact').set('Content-Type', 'application/json').send('{"firstName": "Jane",').expect(400);
    expect(answer.body.error).toBe('The request body is not valid JSON.');
    expect(await InquiryCollection.countDocuments()).toBe(0);
  });

  test.each([
    ['an array', '[{"firstName":"Jane"}]'],
    ['a string', '"Jane"'],
    ['null', 'null'],
  ])('a JSON body that is %s answers 400', async (_kind, body) => {
    const answer = await request(site.app).post('/api/contact').set('Content-Type', 'application/json').send(body).expect(400);
    expect(typeof answer.body.error).toBe('string');
    expect(await InquiryCollection.countDocuments()).toBe(0);
  });

  test('other methods answer 405 with Allow: POST', async () => {
    const answer = await request(site.app).get('/api/contact').expect(405);
    expect(answer.headers.allow).toBe('POST');
    expect(typeof answer.body.error).toBe('string');
  });

  test('none of the refused submissions leaves anything for the outbox', async () => {
    for (const { field, value } of [...badInputs, ...wrongTypes]) await request(site.app).post('/api/contact').send(withValue(field, value));
    expect(await InquiryCollection.countDocuments()).toBe(0);
    expect(await mailTheOutboxSends(site)).toEqual([]);
  });
});

describe('POST /contact (the form without JavaScript)', () => {
  test('valid input is stored and answered 303 to /thank-you', async () => {
    const answer = await postForm({ ...valid, interest: 'parts', topic: 'rental', plan: '4-seater-daily' }).expect(303);
    expect(answer.headers.location).toBe('/thank-you');
    const record = await InquiryCollection.findOne().lean<InquiryRecord>().exec();
    expect(record).toMatchObject({ ...valid, interest: 'parts', prefill: { topic: 'rental', plan: '4-seater-daily' } });
  });

  test('a post from the site itself without an Origin header is accepted by its Referer', async () => {
    await request(site.app).post('/contact').type('form').set('Referer', `${ORIGIN}/contact?interest=service`).send(valid).expect(303);
    expect(await InquiryCollection.countDocuments()).toBe(1);
  });

  test('a post from the address the site was reached on is accepted, though PUBLIC_ORIGIN names another port', async () => {
    // PORT=4341 without PUBLIC_ORIGIN, opened as http://127.0.0.1:4341: the browser names that origin.
    await request(site.app).post('/contact').type('form').set({ Host: '127.0.0.1:4341', Origin: 'http://127.0.0.1:4341' }).send(valid).expect(303);
    await request(site.app).post('/contact').type('form').set('Sec-Fetch-Site', 'same-origin').send(valid).expect(303);
    expect(await InquiryCollection.countDocuments()).toBe(2);
  });

  test.each([
    ['another site', { Origin: 'https://evil.example' }],
    ['another site that says so', { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' }],
    ['an opaque origin', { Origin: 'null' }],
    ['a look-alike origin', { Origin: 'http://localhost:3000.evil.example' }],
    ['another site by Referer', { Referer: 'https://evil.example/contact' }],
    ['no Origin or Referer', {}],
  ])('a post from %s answers 403', async (_from, headers) => {
    const answer = await request(site.app).post('/contact').type('form').set(headers).send(valid).expect(403);
    expect(answer.text).toBe('This form can only be sent from our own website.');
    expect(await InquiryCollection.countDocuments()).toBe(0);
  });

  test('a filled honeypot is sent to /thank-you like anyone else, and dropped', async () => {
    const answer = await postForm({ ...valid, website: 'https://spam.example' }).expect(303);
    expect(answer.headers.location).toBe('/thank-you');
    expect(await InquiryCollection.countDocuments()).toBe(0);
  });

  test.each(badInputs)('refuses $case: the page again, status 400, the message beside the field, the input kept', async ({ field, value, message }) => {
    const form = new URLSearchParams(withValue(field, value) as Record<string, string>);
    const answer = await postForm(form.toString())
      .expect(400)
      .expect('Content-Type', /text\/html/);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const html = answer.text;
    expect(html).toContain(`<p id="contact-${field}-error" class="mt-1.5 text-sm font-medium text-danger-700">${message}</p>`);
    const control = new RegExp(`<(input|select|textarea)[^>]*id="contact-${field}"[^>]*>`).exec(html)?.[0];
    expect(control).toContain('aria-invalid="true"');
    expect(control).toContain(`aria-describedby="contact-${field}-error"`);
    // What the visitor typed elsewhere is still there.
    if (field !== 'email') expect(html).toContain('value="jane.doe@example.com"');
    else expect(html).toContain('value="Jane"');
    if (field !== 'message') expect(html).toContain('>Do you have a four-seater in stock in blue?</textarea>');
    expect(await InquiryCollection.countDocuments()).toBe(0);
  });

  test('a field sent twice (an array) is refused, not joined', async () => {
    const answer = await postForm(`${new URLSearchParams(valid).toString()}&firstName=Bcc%3A%20evil%40attacker.example`).expect(400);
    expect(answer.text).toContain('First name must be text');
    expect(await InquiryCollection.countDocuments()).toBe(0);
  });

  test('what the visitor typed comes back as text, never as markup', async () => {
    const answer = await postForm({ ...valid, phone: '1', message: '</textarea><script>alert(1)</script>' }).expect(400);
    expect(answer.text).not.toContain('<script>alert(1)');
    expect(answer.text).toContain('&lt;/textarea&gt;&lt;script&gt;alert(1)&lt;/script&gt;</textarea>');
  });

  test('an oversized form answers 413', async () => {
    await postForm({ ...valid, message: 'x'.repeat(40 * 1024) }).expect(413);
    expect(await InquiryCollection.countDocuments()).toBe(0);
  });

  test('a JSON body answers 415', async () => {
    await request(site.app).post('/contact').set('Origin', ORIGIN).send(valid).expect(415);
    expect(await InquiryCollection.countDocuments()).toBe(0);
  });
});

describe('when the database is down', () => {
  test('the API answers 503 and the form page keeps what the visitor typed', async () => {
    await site.database.simulateOutage();
    const api = await request(site.app).post('/api/contact').send(valid).expect(503);
    expect(api.body.error).toMatch(/could not save your message/);
    const page = await postForm(valid).expect(503);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.text).toContain('We could not save your message right now.');
    expect(page.text).toContain('value="jane.doe@example.com"');
  });
});
