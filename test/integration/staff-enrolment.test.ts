import mongoose from 'mongoose';
import { Secret, TOTP } from 'otpauth';
import { pino } from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createAuditLog } from '../../services/audit-log.service';
import { createStaffInvitations } from '../../services/staff/staff-invitations.service';
import { PASSWORD_PROBLEM_MESSAGES } from '../../src/staff/password-rules';
import { softwareRegistration } from '../support/software-authenticator';
import { useTestApp } from '../support/test-app';
import { testClock } from '../support/test-clock';

/**
 * Accepting an invitation and setting up the sign-in methods without JavaScript (issue 22,
 * docs/decisions/011-staff-sign-in.md, flow 2): the link works once and for 24 hours, opening it
 * changes nothing, and a person sets a password, adds the authenticator app from the typed key,
 * saves the recovery codes once and reaches /staff signed in.
 */

const clock = testClock(new Date('2026-11-26T15:00:00Z'));
const site = useTestApp({}, { clock: clock.now });
const STRONG_PASSWORD = 'correct horse battery staple on the boardwalk';

/** An invitation as the operator's command makes it: the link. */
async function invite(email: string, name = 'Dana Whitfield'): Promise<string> {
  const invitations = createStaffInvitations({
    clock: clock.now,
    audit: createAuditLog({ clock: clock.now, logger: pino({ level: 'silent' }) }),
    origin: site.env.PUBLIC_ORIGIN,
  });
  const outcome = await invitations.inviteByOperator({ email, name, role: 'manager', resetFactors: false });
  if (outcome.kind !== 'invited') throw new Error(`not invited: ${outcome.kind}`);
  return outcome.link;
}

/** The path and query of a link, as Supertest asks for it. */
const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

/** A browser without JavaScript: it keeps the staff cookies and posts forms as the site's own pages. */
function browser() {
  const cookies = new Map<string, string>();
  const remember = (response: request.Response) => {
    for (const line of (response.headers['set-cookie'] as unknown as string[] | undefined) ?? []) {
      const [pair] = line.split(';');
      const [name, value] = pair!.split('=') as [string, string];
      if (value === '' || /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  };
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  return {
    cookies,
    get: async (path: string) => remember(await request(site.app).get(path).set('Cookie', cookieHeader())),
    post: async (path: string, form: Record<string, string>) =>
      remember(await request(site.app).post(path).set('Cookie', cookieHeader()).set('Origin', site.env.PUBLIC_ORIGIN).type('form').send(form)),
  };
}

/** The masked form token every staff form carries. */
function formTokenIn(html: string): string {
  const match = /name="formToken" value="([^"]+)"/.exec(html);
  if (!match) throw new Error('no form token on the page');
  return match[1]!;
}

/** A page's visible text, roughly: scripts, React's text separators and tags removed, apostrophes decoded. */
const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');

/** A code from the authenticator app for a key as the page shows it, at the site's time. */
function codeFor(key: string): string {
  return new TOTP({ secret: Secret.fromBase32(key.replace(/\s/g, '')), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: clock.now().getTime() });
}

async function auditKinds(): Promise<string[]> {
  return (await mongoose.connection.collection('audit_events').find().sort({ at: 1, _id: 1 }).toArray()).map((event) => event.kind as string);
}

async function staffStatus(email: string): Promise<string | undefined> {
  return (await mongoose.connection.collection('staff').findOne({ email }))?.status as string | undefined;
}

describe('an invitation link', () => {
  it('shows whom it is for and changes nothing when opened, however often', async () => {
    const link = await invite('dana@dealer.example');
    for (let opened = 0; opened < 3; opened += 1) {
      const page = await request(site.app).get(pathOf(link));
      expect(page.status).toBe(200);
      expect(page.headers['set-cookie']).toBeUndefined();
      expect(textOf(page.text)).toContain('This invitation is for Dana Whitfield (dana@dealer.example), with the Manager role.');
      expect(page.text).toContain('>Accept<');
    }
    expect(await staffStatus('dana@dealer.example')).toBe('invited');
    const invitation = await mongoose.connection.collection('staff_invitations').findOne({ email: 'dana@dealer.example' });
    expect(invitation?.acceptedAt ?? null).toBeNull();
    // Still usable after all those visits.
    const accepted = await browser().post('/staff/invitation', { token: tokenOf(link) });
    expect(accepted.status).toBe(303);
    expect(accepted.headers.location).toBe('/staff/welcome');
  });

  it('works once: a second accept, or opening it again, finds nothing', async () => {
    const link = await invite('once@dealer.example');
    const first = await browser().post('/staff/invitation', { token: tokenOf(link) });
    expect(first.status).toBe(303);
    const second = await browser().post('/staff/invitation', { token: tokenOf(link) });
    expect(second.status).toBe(404);
    expect(second.headers['set-cookie']).toBeUndefined();
    const reopened = await request(site.app).get(pathOf(link));
    expect(reopened.status).toBe(404);
    expect(textOf(reopened.text)).toContain('Page not found');
  });

  it('expires 24 hours after it was made', async () => {
    const link = await invite('late@dealer.example');
    clock.advance(24 * 60 * 60 * 1000 - 1000);
    expect((await request(site.app).get(pathOf(link))).status).toBe(200);
    clock.advance(2000);
    expect((await request(site.app).get(pathOf(link))).status).toBe(404);
    expect((await browser().post('/staff/invitation', { token: tokenOf(link) })).status).toBe(404);
    expect(await staffStatus('late@dealer.example')).toBe('invited');
  });

  it('stops working when a newer invitation of the same person replaces it', async () => {
    const first = await invite('again@dealer.example');
    const invitations = createStaffInvitations({
      clock: clock.now,
      audit: createAuditLog({ clock: clock.now, logger: pino({ level: 'silent' }) }),
      origin: site.env.PUBLIC_ORIGIN,
    });
    const second = await invitations.inviteByOperator({ email: 'again@dealer.example', role: 'manager', resetFactors: true });
    expect(second.kind).toBe('reset');
    expect((await request(site.app).get(pathOf(first))).status).toBe(404);
    expect((await request(site.app).get(pathOf((second as { link: string }).link))).status).toBe(200);
  });

  it('answers an unknown token with the 404 page and records the refusal', async () => {
    const before = (await auditKinds()).filter((kind) => kind === 'invitation.refused').length;
    const unknown = await request(site.app).get('/staff/invitation?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown.status).toBe(404);
    expect((await auditKinds()).filter((kind) => kind === 'invitation.refused').length).toBe(before + 1);
  });
});

describe('enrolment without JavaScript', () => {
  it('sets a password, adds the authenticator app from the typed key, shows the recovery codes once and reaches /staff', async () => {
    const email = 'owner.enrols@dealer.example';
    const link = await invite(email, 'Pat Enrols');
    const person = browser();
    await person.post('/staff/invitation', { token: tokenOf(link) });
    const enrolmentCookie = person.cookies.get('staff-session');
    expect(enrolmentCookie).toBeDefined();

    // The enrolment session reaches only the welcome pages.
    expect((await person.get('/staff')).headers.location).toBe('/staff/welcome');
    const welcome = await person.get('/staff/welcome');
    expect(welcome.status).toBe(200);
    expect(textOf(welcome.text)).toContain('Welcome, Pat Enrols');

    const passwordPage = await person.get('/staff/welcome/password');
    expect(passwordPage.text).toMatch(/<input[^>]*type="password"[^>]*autoComplete="new-password"|<input[^>]*autocomplete="new-password"[^>]*type="password"/i);
    expect(passwordPage.text).toMatch(/<input[^>]*name="username"[^>]*value="owner.enrols@dealer.example"/);
    let formToken = formTokenIn(passwordPage.text);

    // Refused with the reason, and what was typed is not sent back.
    const common = await person.post('/staff/welcome/password', { formToken, password: 'iloveyou123' });
    expect(common.status).toBe(400);
    expect(textOf(common.text)).toContain(PASSWORD_PROBLEM_MESSAGES.common);
    expect(common.text).not.toContain('iloveyou123');
    const short = await person.post('/staff/welcome/password', { formToken: formTokenIn(common.text), password: 'k7#pQ2' });
    expect(short.status).toBe(400);
    expect(textOf(short.text)).toContain('Use at least 8 characters');
    const own = await person.post('/staff/welcome/password', { formToken: formTokenIn(short.text), password: 'PatEnrols!!2026' });
    expect(own.status).toBe(400);
    expect(textOf(own.text)).toContain('This password is made from your name');

    const saved = await person.post('/staff/welcome/password', { formToken: formTokenIn(own.text), password: STRONG_PASSWORD });
    expect(saved.status).toBe(303);
    expect(saved.headers.location).toBe('/staff/welcome/authenticator-app');

    const appPage = await person.get('/staff/welcome/authenticator-app');
    expect(appPage.status).toBe(200);
    expect(appPage.headers['cache-control']).toBe('no-store, no-transform');
    expect(appPage.text).toMatch(/<img src="data:image\/svg\+xml;base64,[^"]+" alt="[^"]+"/);
    expect(appPage.text).toMatch(/href="otpauth:\/\/totp\/[^"]+"/);
    const key = /data-testid="authenticator-key">([A-Z2-7 ]+)</.exec(appPage.text)![1]!;
    expect(key).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
    formToken = formTokenIn(appPage.text);

    const wrong = await person.post('/staff/welcome/authenticator-app', { formToken, code: codeFor(key) === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(textOf(wrong.text)).toContain('That code does not match');
    const confirmed = await person.post('/staff/welcome/authenticator-app', { formToken: formTokenIn(wrong.text), code: codeFor(key) });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.location).toBe('/staff/welcome/recovery-codes');
    // The code that confirmed the app is used up: its step is recorded.
    const stored = await mongoose.connection.collection('staff').findOne({ email });
    expect(stored?.totp?.lastUsedStep).toBe(Math.floor(clock.now().getTime() / 30_000));

    const codesPage = await person.get('/staff/welcome/recovery-codes');
    const shown = await person.post('/staff/welcome/recovery-codes', { formToken: formTokenIn(codesPage.text) });
    expect(shown.status).toBe(200);
    expect(shown.headers['cache-control']).toBe('no-store, no-transform');
    const codes = [...shown.text.matchAll(/<li>([0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4})<\/li>/g)].map((match) => match[1]);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    // Shown once: asked again, or the page opened again, no code appears.
    const again = await person.post('/staff/welcome/recovery-codes', { formToken: formTokenIn(shown.text) });
    expect(again.status).toBe(409);
    for (const code of codes) expect(again.text).not.toContain(code!);
    const reopened = await person.get('/staff/welcome/recovery-codes');
    expect(textOf(reopened.text)).toContain('shown once already');
    for (const code of codes) expect(reopened.text).not.toContain(code!);

    const finished = await person.post('/staff/welcome', { formToken: formTokenIn(reopened.text), intent: 'finish' });
    expect(finished.status).toBe(303);
    expect(finished.headers.location).toBe('/staff');
    expect(person.cookies.get('staff-session')).toBeDefined();
    expect(person.cookies.get('staff-session')).not.toBe(enrolmentCookie);
    expect(await staffStatus(email)).toBe('active');

    const home = await person.get('/staff');
    expect(home.status).toBe(200);
    expect(textOf(home.text)).toContain('Hello, Pat Enrols');
    // The enrolment session ended with the enrolment.
    const old = await request(site.app).get('/staff/welcome').set('Cookie', `staff-session=${enrolmentCookie}`);
    expect(old.status).toBe(303);
    expect(old.headers.location).toMatch(/^\/staff\/sign-in/);

    const kinds = await auditKinds();
    for (const kind of ['invitation.created', 'invitation.accepted', 'password.set', 'authenticator-app.enrolled', 'recovery-codes.created', 'enrolment.completed']) {
      expect(kinds).toContain(kind);
    }
    const events = await mongoose.connection.collection('audit_events').find({ 'subject.email': email }).toArray();
    const serialized = JSON.stringify(events);
    expect(serialized).not.toContain(STRONG_PASSWORD);
    expect(serialized).not.toContain(tokenOf(link));
    for (const code of codes) expect(serialized).not.toContain(code!);
  });

  it('does not finish before a complete sign-in method exists', async () => {
    const link = await invite('halfway@dealer.example');
    const person = browser();
    await person.post('/staff/invitation', { token: tokenOf(link) });
    const passwordPage = await person.get('/staff/welcome/password');
    await person.post('/staff/welcome/password', { formToken: formTokenIn(passwordPage.text), password: STRONG_PASSWORD });
    const welcome = await person.get('/staff/welcome');
    const early = await person.post('/staff/welcome', { formToken: formTokenIn(welcome.text), intent: 'finish' });
    expect(early.status).toBe(400);
    expect(await staffStatus('halfway@dealer.example')).toBe('invited');
    // Nor can the recovery codes be made before the app is confirmed.
    expect((await person.get('/staff/welcome/recovery-codes')).headers.location).toBe('/staff/welcome');
  });
});

describe('enrolment with a passkey', () => {
  /** A post as the browser's staff router sends it once JavaScript runs: the route's action answers JSON. */
  async function bridgedPost(person: ReturnType<typeof browser>, form: Record<string, string>) {
    const cookie = [...person.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await request(site.app)
      .post('/staff/welcome')
      .set('Cookie', cookie)
      .set('Origin', site.env.PUBLIC_ORIGIN)
      .set('X-Staff-Route', 'staff-welcome-page')
      .type('form')
      .send(form);
    for (const line of (response.headers['set-cookie'] as unknown as string[] | undefined) ?? []) {
      const [name, value] = line.split(';')[0]!.split('=') as [string, string];
      person.cookies.set(name, value);
    }
    return response;
  }

  it('adds the passkey, finishes at once without a password or recovery codes, and reaches /staff', async () => {
    // 11:00 in New Jersey on the 28th: the passkey's default name carries the dealer's date.
    clock.set(new Date('2026-11-28T16:00:00Z'));
    const email = 'passkey.person@dealer.example';
    const link = await invite(email, 'Kim Passkey');
    const person = browser();
    await person.post('/staff/invitation', { token: tokenOf(link) });
    const formToken = formTokenIn((await person.get('/staff/welcome')).text);

    const asked = await bridgedPost(person, { formToken, intent: 'passkey-options' });
    expect(asked.status).toBe(200);
    const options = (asked.body as { data: { passkeyOptions: { challenge: string; rp: { id: string }; authenticatorSelection: { userVerification: string } } } }).data
      .passkeyOptions;
    expect(options.authenticatorSelection.userVerification).toBe('required');
    expect(options.rp.id).toBe(new URL(site.env.PUBLIC_ORIGIN).hostname);

    const response = softwareRegistration(options, site.env.PUBLIC_ORIGIN);
    const added = await bridgedPost(person, { formToken, intent: 'passkey', response: JSON.stringify(response) });
    expect(added.body).toEqual({ redirect: '/staff' });
    expect(await staffStatus(email)).toBe('active');
    const home = await person.get('/staff');
    expect(home.status).toBe(200);
    expect(textOf(home.text)).toContain('Hello, Kim Passkey');

    const passkeys = await mongoose.connection.collection('staff_passkeys').find().toArray();
    const stored = await mongoose.connection.collection('staff').findOne({ email });
    expect(passkeys.filter((passkey) => String(passkey.staffId) === String(stored?._id)).map((passkey) => passkey.name)).toEqual(['Passkey added 28 Nov 2026']);
    expect(stored?.password).toBeUndefined();
    expect(stored?.recoveryCodes).toBeUndefined();
    const kinds = (await mongoose.connection.collection('audit_events').find({ 'subject.email': email }).toArray()).map((event) => event.kind);
    expect(kinds).toEqual(expect.arrayContaining(['passkey.added', 'enrolment.completed']));
  });

  it('refuses an answer to a challenge it did not make, adding nothing', async () => {
    const link = await invite('forged.passkey@dealer.example', 'Lee Forged');
    const person = browser();
    await person.post('/staff/invitation', { token: tokenOf(link) });
    const formToken = formTokenIn((await person.get('/staff/welcome')).text);
    const response = softwareRegistration({ challenge: 'bm90LWEtY2hhbGxlbmdlLXRoZS1zaXRlLW1hZGU', rp: {} }, site.env.PUBLIC_ORIGIN);
    const refused = await bridgedPost(person, { formToken, intent: 'passkey', response: JSON.stringify(response) });
    // The browser's router gets the refusal as the page's data (with why), not as an error page.
    expect(refused.status).toBe(200);
    expect((refused.body as { data?: { error?: string } }).data?.error).toMatch(/could not be added/);
    expect(await staffStatus('forged.passkey@dealer.example')).toBe('invited');
  });
});
