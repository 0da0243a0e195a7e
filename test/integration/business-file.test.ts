import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { describe, expect, test } from 'vitest';
import { businessFileWith } from '../support/business-file';
import { mailTheOutboxSends } from '../support/outbox-mail';
import { byId, jsonLd, textOf } from '../support/page-html';
import { useTestApp } from '../support/test-app';
import { VALID_INQUIRY } from '../support/fixtures';

// The dealer's own facts in a file of their own (BUSINESS_FILE): every page, the structured data
// and the e-mails must tell them, and nothing of the shipped sample business may show through.

const ORIGIN = 'https://www.capebreezecarts.test';
const CUSTOM_FILE = 'test/fixtures/business-custom.json';
// Tuesday, December 1, 2026, 10:30 in New Jersey: the custom showrooms are open.
const TUESDAY_MORNING = new Date('2026-12-01T15:30:00Z');

const site = useTestApp({ PUBLIC_ORIGIN: ORIGIN, BUSINESS_FILE: CUSTOM_FILE }, { clock: () => TUESDAY_MORNING });

async function sitemapPaths(): Promise<string[]> {
  const { text } = await request(site.app).get('/sitemap.xml').expect(200);
  return [...text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
}

const page = async (path: string) => (await request(site.app).get(path)).text;
/** The visible text, without the space textOf leaves before a comma or period that follows a tag or text break. */
const words = (html: string) => textOf(html).replace(/ ([,.])/g, '$1');

describe('a business file of the dealer’s own', () => {
  test('every page names the business, its phone, e-mail and hours, and carries no sample address, number or name', async () => {
    const paths = [...(await sitemapPaths()), '/thank-you', '/no-such-page', '/vehicle/00000000-0000-4000-8000-000000000000'];
    expect(paths.length).toBeGreaterThan(80);
    const problems: string[] = [];
    for (const path of paths) {
      const html = await page(path);
      for (const expected of [
        'Cape Breeze Carts',
        '(856) 555-2368',
        'href="tel:+18565552368"',
        'href="mailto:hello@capebreezecarts.test"',
        'Tue-Fri</dt><dd>10AM-6:30PM',
      ]) {
        if (!html.includes(expected)) problems.push(`${path}: no ${expected}`);
      }
      for (const sample of ['example.com', 'Shore Golf Carts', '555-01', 'sales@', 'Bayville Showroom', 'Atlantic City Blvd', 'Ocean and Cape May counties']) {
        if (html.includes(sample)) problems.push(`${path}: still says ${sample}`);
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  test('the structured data describes the business and each showroom from the file, hours included', async () => {
    const entries = jsonLd(await page('/showroom'));
    const dealers = entries.filter((entry) => entry['@type'] === 'AutoDealer');
    expect(dealers[0]).toMatchObject({
      '@id': `${ORIGIN}/#business`,
      name: 'Cape Breeze Carts',
      telephone: '(856) 555-2368',
      email: 'hello@capebreezecarts.test',
      foundingDate: '2016',
      address: { streetAddress: '77 Bay Avenue', addressLocality: 'Somers Point', postalCode: '08244' },
      openingHoursSpecification: [
        { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '10:00', closes: '18:30' },
        { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '08:00', closes: '14:00' },
        { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Sunday'], opens: '11:00', closes: '15:00' },
      ],
    });
    expect(dealers[0]!.areaServed).toContainEqual(expect.objectContaining({ '@type': 'GeoCircle', geoRadius: 30000 }));
    const showrooms = dealers.slice(1);
    expect(showrooms.map((showroom) => showroom.name)).toEqual(['Cape Breeze Carts, Somers Point Store', 'Cape Breeze Carts, Wildwood Store']);
    expect(showrooms[1]).toMatchObject({
      telephone: '(609) 555-9922',
      address: { streetAddress: '4400 Pacific Avenue', addressLocality: 'Wildwood', addressRegion: 'NJ', postalCode: '08260' },
      geo: { latitude: 38.9918, longitude: -74.8149 },
      sameAs: ['https://www.instagram.com/capebreezecarts'],
      specialOpeningHoursSpecification: [
        { '@type': 'OpeningHoursSpecification', name: 'Christmas Day', validFrom: '2026-12-25', validThrough: '2026-12-25', opens: '00:00', closes: '00:00' },
      ],
    });
  });

  test('the showroom, home and contact pages list the file’s showrooms and say truly where they are', async () => {
    const showroom = words(await page('/showroom'));
    expect(showroom).toContain('Two showrooms in Atlantic and Cape May counties');
    expect(showroom).toContain('Somers Point Store 77 Bay Avenue Somers Point, NJ 08244 (609) 555-7788');
    // The file's Christmas closure is within the coming weeks of this Tuesday, so each card lists it.
    expect(showroom).toContain('Sat 8AM-2PM Sun 11AM-3PM Holiday hours Fri, Dec 25 ( Christmas Day ): Closed Open now, until 6:30PM');
    const home = words(await page('/'));
    expect(home).toContain('Two showrooms in Atlantic and Cape May counties.');
    expect(home).toContain('Our Somers Point showroom, with one more location below.');
    expect(home).toContain('Two locations, one team.');
    expect(home).toContain('Happy customers 1,200+');
    expect(words(await page('/about'))).toContain('Happy customers 1,200+');
    const contact = await page('/contact');
    expect(words(byId(contact, 'main'))).toContain('Wildwood Store 4400 Pacific Avenue, Wildwood, NJ 08260 (609) 555-9922 Open now, until 6:30PM');
    expect(contact).toMatch(/href="https:\/\/www\.capebreezecarts\.test"[^>]*>www\.capebreezecarts\.test<\/a>/);
    expect(words(contact)).toContain('Service department Mon Closed Tue-Fri 7:30AM-4PM Sat By appointment Sun Closed');
  });

  test('financing links and /financing go to the file’s financing application', async () => {
    await request(site.app).get('/financing').expect(302).expect('Location', 'https://apply.breezelending.test/start');
    expect(await page('/')).toContain('href="https://apply.breezelending.test/start"');
  });

  test('the staff e-mail and the ADF lead come from, and name, the file’s business', async () => {
    // The visitor's own address and number must not look like the shipped file's (example.com, 555-01xx).
    const visitor = { ...VALID_INQUIRY, email: 'jane@visitor.test', phone: '(609) 555-2000' };
    await request(site.app).post('/api/contact').send(visitor).expect(201);
    const sent = await mailTheOutboxSends(site);
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(mail!.from).toEqual({ name: 'Cape Breeze Carts Website', address: 'hello@capebreezecarts.test' });
    expect(mail!.to).toBe('hello@capebreezecarts.test');
    expect(mail!.text).toContain('New sales inquiry from the Cape Breeze Carts website.');
    expect(mail!.html).toContain('Cape Breeze Carts website');
    const adf = String((mail!.attachments as Array<{ content: string }>)[0]!.content);
    expect(adf).toContain('<vendorname>Cape Breeze Carts</vendorname>');
    expect(adf).toContain('<email>hello@capebreezecarts.test</email>');
    expect(adf).toContain('<phone type="voice">(856) 555-2368</phone>');
    expect(adf).toContain('<url>https://www.capebreezecarts.test</url>');
    for (const message of [mail!.text, mail!.html, adf]) expect(String(message)).not.toMatch(/example\.com|Shore Golf Carts|555-01/);
  });
});

describe('at start (the production build)', () => {
  const entry = path.resolve('dist/server/server.js');

  /** Starts the built server, returns its log lines once it listens (or exits), then stops it. */
  async function startupLog(env: Record<string, string>): Promise<Array<Record<string, unknown>>> {
    expect(existsSync(entry), 'run npm run build first').toBe(true);
    const folder = mkdtempSync(path.join(tmpdir(), 'business-start-'));
    const child = spawn(process.execPath, [entry], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: path.join(folder, 'data'),
        MAIL_DIR: path.join(folder, 'mail'),
        LOG_LEVEL: 'info',
        ...env,
      },
    });
    const lines: Array<Record<string, unknown>> = [];
    let buffer = '';
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 30_000);
      child.stdout.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        for (let end = buffer.indexOf('\n'); end !== -1; end = buffer.indexOf('\n')) {
          const line = JSON.parse(buffer.slice(0, end)) as Record<string, unknown>;
          buffer = buffer.slice(end + 1);
          lines.push(line);
          if (line.msg === 'listening') {
            clearTimeout(timer);
            resolve();
          }
        }
      });
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    rmSync(folder, { recursive: true, force: true });
    return lines;
  }

  test('with the shipped sample facts, logs one warning line naming every field still to fill in', async () => {
    const warnings = (await startupLog({})).filter((line) => line.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toMatch(/sample values are still in place/);
    expect(warnings[0]!.fields).toEqual(
      expect.arrayContaining(['email', 'website', 'financingUrl', 'phone', 'showrooms[0].phone', 'showrooms[0].links.facebook', 'PUBLIC_ORIGIN']),
    );
  }, 40_000);

  test("with the dealer's own file and public origin, warns about nothing", async () => {
    const lines = await startupLog({ BUSINESS_FILE: path.resolve(CUSTOM_FILE), PUBLIC_ORIGIN: ORIGIN });
    expect(lines.some((line) => line.msg === 'listening')).toBe(true);
    expect(lines.filter((line) => line.level === 40)).toEqual([]);
  }, 40_000);

  test('a bad business file stops the start with one line per problem', () => {
    const file = businessFileWith({ phone: '555-0142', financingUrl: 'http://lender.test' });
    const result = spawnSync(process.execPath, [entry], { env: { PATH: process.env.PATH, BUSINESS_FILE: file }, encoding: 'utf8', timeout: 20_000 });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'Invalid configuration:',
      `  BUSINESS_FILE ${file}: phone: must look like (609) 555-0142`,
      `  BUSINESS_FILE ${file}: financingUrl: must be an https:// address`,
    ]);
  });
});
