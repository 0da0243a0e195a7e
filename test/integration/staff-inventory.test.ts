import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEventRepository } from '../../models/audit-event.repository';
import { vehicleRepository } from '../../models/vehicle.repository';
import { importFeed, leftAloneText } from '../../services/feed-import.service';
import { createActiveStaff, openStaffSession, pageFormToken, type TestStaffSession } from '../support/staff-session';
import { useTestApp } from '../support/test-app';
import { testClock } from '../support/test-clock';
import { TEST_FEED_LOCATIONS, TEST_FEED_ROWS, writeTestFeed } from '../support/test-feed';

/**
 * The inventory manager without JavaScript (issue 24, points 1, 2, 4 and 6): a manager adds a unit
 * through the form and it is on the public inventory; a price change shows on the unit's public
 * page; sold answers 410; a full feed import leaves the hand-added unit and a locked price alone
 * and says so; a sales account reads but may not change; bad input saves nothing and is named
 * beside its field; every change is in the audit log and the unit's history with before and after.
 */

const ORIGIN = 'http://localhost:3000';
const clock = testClock(new Date('2026-11-24T15:00:00.000Z'));
const site = useTestApp({}, { clock: clock.now });

let managerId = '';
let salesId = '';
let ownerId = '';
let managerSession: TestStaffSession;
let salesSession: TestStaffSession;
let ownerSession: TestStaffSession;
let work: string;

const get = (pathname: string, session: TestStaffSession) => request(site.app).get(pathname).set('Cookie', session.cookie);

/** A staff form post as a browser without JavaScript sends it: same origin, the page's form token. */
async function post(pathname: string, session: TestStaffSession, fields: Record<string, string>, status: number, formPage = pathname) {
  const page = await get(formPage, session).expect(200);
  return request(site.app)
    .post(pathname)
    .set('Cookie', session.cookie)
    .set('Origin', ORIGIN)
    .type('form')
    .send({ formToken: pageFormToken(page.text), ...fields })
    .expect(status);
}

const text = (html: string) =>
  html.replaceAll('<!-- -->', '').replaceAll('&#x27;', "'").replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&gt;', '>');

/** The message shown beside a field of the unit form, or null. */
function fieldError(html: string, id: string): string | null {
  const match = new RegExp(`id="unit-${id}-error"[^>]*>([^<]+)<`).exec(html);
  return match ? text(match[1]!) : null;
}

const ZEPHYR = {
  stock_number: 'h100',
  year: '2024',
  brand: 'Zephyr Carts',
  model: 'Breeze 4',
  name: '',
  condition: 'used',
  category: '',
  price: '$9,495',
  seats: '4',
  color: 'Sea Green',
  hours: '120',
  location: 'bayville',
  status: 'available',
  description: '',
  features: 'LED lights | Rear seat',
};
const ZEPHYR_NAME = '2024 Zephyr Carts Breeze 4';

beforeAll(async () => {
  const manager = await createActiveStaff({ role: 'manager', now: clock.now(), name: 'Mia Manager' });
  const sales = await createActiveStaff({ role: 'sales', now: clock.now(), name: 'Sam Sales' });
  const owner = await createActiveStaff({ role: 'owner', now: clock.now(), name: 'Olive Owner' });
  managerId = manager.id;
  managerSession = await openStaffSession(manager.id, clock.now());
  salesId = sales.id;
  ownerId = owner.id;
  salesSession = await openStaffSession(sales.id, clock.now());
  ownerSession = await openStaffSession(owner.id, clock.now());
  work = await mkdtemp(path.join(tmpdir(), 'staff-inventory-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('the inventory manager without JavaScript', () => {
  let unitPath = '';
  let publicPath = '';

  it('refuses a form with a wrong price or no stock number, names each beside its field, and saves nothing', async () => {
    const before = (await vehicleRepository.units()).length;
    const refused = await post('/staff/inventory/new', managerSession, { ...ZEPHYR, price: 'abc', stock_number: '' }, 400);
    expect(fieldError(refused.text, 'price')).toBe('Must be a whole number of dollars');
    expect(fieldError(refused.text, 'stock-number')).toMatch(/required|letters, digits or hyphens/);
    expect(fieldError(refused.text, 'brand')).toBeNull();
    expect(refused.text).toContain('aria-invalid="true"');
    // What was typed comes back in the form.
    expect(refused.text).toContain('value="Sea Green"');
    expect((await vehicleRepository.units()).length).toBe(before);
  });

  it('adds a unit through the form, and the public inventory shows it once the catalog revision moves', async () => {
    const search = `/inventory?search=${encodeURIComponent('Zephyr')}`;
    const before = await request(site.app).get(search).expect(200);
    expect(before.text).not.toContain(ZEPHYR_NAME);
    const revision = (await vehicleRepository.catalogVersion()).revision;

    const added = await post('/staff/inventory/new', managerSession, ZEPHYR, 303);
    unitPath = '/staff/inventory/H100';
    expect(added.headers.location).toBe(`${unitPath}?done=created`);
    expect((await vehicleRepository.catalogVersion()).revision).toBeGreaterThan(revision);

    // The same address, answered again: the render cache follows the revision.
    const after = await request(site.app).get(search).expect(200);
    expect(after.text).toContain(ZEPHYR_NAME);
    const unit = await vehicleRepository.unit('H100');
    expect(unit).toMatchObject({ price: 9495, name: ZEPHYR_NAME, unit: { origin: 'staff', brandName: 'Zephyr Carts', status: 'available', color: 'Sea Green' } });
    publicPath = `/inventory/${unit!.slug}`;
    const page = await request(site.app).get(publicPath).expect(200);
    expect(page.text).toContain('$9,495');
  });

  it('refuses a second unit with the same stock number beside the field', async () => {
    const refused = await post('/staff/inventory/new', managerSession, { ...ZEPHYR, model: 'Gust 2' }, 400);
    expect(fieldError(refused.text, 'stock-number')).toBe(`H100 is already the stock number of ${ZEPHYR_NAME}.`);
    expect((await vehicleRepository.unit('H100'))!.unit.model).toBe('Breeze 4');
  });

  it('lists the unit with its status, price, photos, days in stock, views and inquiries, filtered by the address', async () => {
    clock.advance(3 * 86_400_000);
    // Sessions end after an idle hour: everyone signs in again three days on.
    managerSession = await openStaffSession(managerId, clock.now());
    salesSession = await openStaffSession(salesId, clock.now());
    ownerSession = await openStaffSession(ownerId, clock.now());
    const list = await get('/staff/inventory?q=h100', managerSession).expect(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const html = text(list.text);
    expect(html).toContain('1 vehicle, newest first');
    expect(html).toContain(`href="${unitPath}"`);
    expect(html).toMatch(/Days in stock<\/dt><dd[^>]*>3</);
    expect(html).toContain('Add a unit');
    const sold = await get('/staff/inventory?status=sold', managerSession).expect(200);
    expect(sold.text).not.toContain(unitPath);
  });

  it('shows a price change on the public page, and the change in the unit history and the audit log', async () => {
    await post(unitPath, managerSession, { ...ZEPHYR, stock_number: 'H100', price: '8995', intent: 'save' }, 303);
    const page = await request(site.app).get(publicPath).expect(200);
    expect(page.text).toContain('$8,995');
    expect(page.text).not.toContain('$9,495');

    const sheet = text((await get(unitPath, managerSession).expect(200)).text);
    expect(sheet).toContain('Mia Manager changed the price from $9,495 to $8,995');
    expect(sheet).toMatch(/Price history[\s\S]*\$9,495<\/span> → <strong[^>]*>\$8,995/);

    const { events } = await auditEventRepository.list({ kind: 'unit.changed' });
    expect(events[0]!.details).toMatchObject({ stockNumber: 'H100', fields: 'price', 'price.before': '9495', 'price.after': '8995' });
    const audit = text((await get('/staff/audit?kind=unit.changed', ownerSession).expect(200)).text);
    expect(audit).toContain('price.before: 9495, price.after: 8995');
  });

  it('lets a sales account read the list and the unit, but a change is 403 and recorded as access.denied', async () => {
    const list = await get('/staff/inventory', salesSession).expect(200);
    expect(list.text).not.toContain('Add a unit');
    const sheet = await get(unitPath, salesSession).expect(200);
    expect(sheet.text).not.toContain('Save changes');
    await post(unitPath, salesSession, { ...ZEPHYR, stock_number: 'H100', price: '1', intent: 'save' }, 403);
    expect((await vehicleRepository.unit('H100'))!.price).toBe(8995);
    const { events } = await auditEventRepository.list({ kind: 'access.denied' });
    expect(events[0]).toMatchObject({ actor: { role: 'sales' }, details: { permission: 'manage-inventory', stockNumber: 'H100' } });
    await get('/staff/inventory/new', salesSession).expect(403);
  });

  it('keeps a hand-added unit and a locked price through a full feed import, says so, and lets the feed set it once unlocked', async () => {
    const feedRow = TEST_FEED_ROWS.rxv.replace(/^T300,/, 'F300,');
    const options = { full: false, locations: TEST_FEED_LOCATIONS, photosDir: path.join(work, 'photos'), clock: clock.now };
    await importFeed(await writeTestFeed(work, 'first.csv', feedRow), options);
    expect((await vehicleRepository.unit('F300'))!.price).toBe(6995);

    // A person changes the feed unit's price: the field is locked against the feed.
    await post('/staff/inventory/F300', managerSession, { ...(await formOf('F300')), price: '6495', intent: 'save' }, 303);
    const locked = text((await get('/staff/inventory/F300', managerSession).expect(200)).text);
    expect(locked).toContain('Locked against the feed');
    expect(locked).toContain('Let the feed update this again');
    expect((await vehicleRepository.unit('F300'))!.unit.lockedFields).toEqual(['price']);

    // npm run catalog:import -- --full with a feed that lists F300 at its old price and not H100.
    const full = await importFeed(await writeTestFeed(work, 'full.csv', feedRow), { ...options, full: true });
    expect(full).toMatchObject({ sold: 0, leftAlone: { addedByHand: ['H100'], lockedFields: [{ stockNumber: 'F300', fields: ['price'] }] } });
    expect(leftAloneText(full.leftAlone!)).toBe('left alone: H100 (added by hand); F300 price (changed by hand)');
    expect(await vehicleRepository.unit('H100')).toMatchObject({ price: 8995, unit: { status: 'available' } });
    expect((await vehicleRepository.unit('F300'))!.price).toBe(6495);

    // "Let the feed update this again": the next import sets the price from the feed.
    await post('/staff/inventory/F300', managerSession, { intent: 'release', column: 'price' }, 303);
    expect((await vehicleRepository.unit('F300'))!.unit.lockedFields).toBeUndefined();
    const next = await importFeed(await writeTestFeed(work, 'next.csv', feedRow), { ...options, full: true });
    expect(next).toMatchObject({ updated: 1, leftAlone: { addedByHand: ['H100'], lockedFields: [] } });
    expect((await vehicleRepository.unit('F300'))!.price).toBe(6995);
    const { events } = await auditEventRepository.list({ kind: 'unit.lock-released' });
    expect(events[0]!.details).toEqual({ stockNumber: 'F300', field: 'price' });
  });

  it('counts the unit page views the site’s beacon names, and the inquiries about the unit, on the list and the unit page', async () => {
    const beacon = (views: string[]) =>
      request(site.app)
        .post('/api/vitals')
        .set('Content-Type', 'text/plain;charset=UTF-8')
        .set('Origin', ORIGIN)
        .send(JSON.stringify({ metrics: [], views }));
    // A visitor who opened the page twice before the beacon went out, then another visitor.
    await beacon([publicPath, publicPath, '/inventory']).expect(400);
    await beacon([publicPath, publicPath]).expect(204);
    await beacon([publicPath]).expect(204);
    await request(site.app)
      .post('/contact')
      .type('form')
      .set('Origin', ORIGIN)
      .send({
        interest: 'sales',
        firstName: 'Pat',
        lastName: 'Doe',
        email: 'pat.doe@example.com',
        phone: '(609) 555-0142',
        message: 'Is it still there?',
        vehicle: publicPath.slice('/inventory/'.length),
      })
      .expect(303);
    const html = text((await get('/staff/inventory?q=H100', managerSession).expect(200)).text);
    expect(html).toMatch(/Views<\/dt><dd[^>]*>2</);
    expect(html).toMatch(/Inquiries<\/dt><dd[^>]*>1</);
    const sheet = text((await get(unitPath, managerSession).expect(200)).text);
    expect(sheet).toMatch(/Page views<\/dt><dd[^>]*>2</);
  });

  it('marks the unit sold: it leaves the inventory and its page answers 410 as a feed-sold unit does', async () => {
    await post(unitPath, managerSession, { intent: 'status', status: 'sold' }, 303);
    expect((await request(site.app).get(publicPath)).status).toBe(410);
    const inventory = await request(site.app).get(`/inventory?search=Zephyr`).expect(200);
    expect(inventory.text).not.toContain(ZEPHYR_NAME);
    const sheet = text((await get(unitPath, managerSession).expect(200)).text);
    expect(sheet).toContain('Mia Manager changed the status from Available to Sold');
    const { events } = await auditEventRepository.list({ kind: 'unit.changed' });
    expect(events[0]!.details).toMatchObject({ stockNumber: 'H100', 'status.before': 'available', 'status.after': 'sold' });
    const created = await auditEventRepository.list({ kind: 'unit.created' });
    expect(created.events[0]!.details).toMatchObject({ stockNumber: 'H100', 'price.after': '9495' });
  });
});

/** The form's values of a stored unit, as its page would post them. */
async function formOf(stockNumber: string): Promise<Record<string, string>> {
  const html = (await get(`/staff/inventory/${stockNumber}`, managerSession).expect(200)).text;
  const values: Record<string, string> = {};
  for (const match of html.matchAll(/<input[^>]*name="([a-z_]+)"[^>]*value="([^"]*)"/g)) values[match[1]!] = text(match[2]!);
  for (const match of html.matchAll(/<select[^>]*name="([a-z_]+)"[\s\S]*?<option[^>]*value="([^"]*)"[^>]*selected/g)) values[match[1]!] = text(match[2]!);
  for (const match of html.matchAll(/<textarea[^>]*name="([a-z_]+)"[^>]*>([^<]*)</g)) values[match[1]!] = text(match[2]!);
  delete values.formToken;
  delete values.intent;
  return values;
}
