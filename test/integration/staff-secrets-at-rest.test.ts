import { createHash } from 'node:crypto';
import { EJSON } from 'bson';
import mongoose from 'mongoose';
import { Secret, TOTP } from 'otpauth';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createAuditLog } from '../../services/audit-log.service';
import { createStaffInvitations } from '../../services/staff/staff-invitations.service';
import { createLogger } from '../../src/logging/logger.server';
import { logLines } from '../support/log-lines';
import { useTestApp } from '../support/test-app';
import { testClock } from '../support/test-clock';

/**
 * "The database holds no password, code or session token as typed" (issue 22, Done when; decision
 * 011, "Secrets"; ASVS 6.5.2, 3.3.4, 16.2.5). A person goes through everything that types or hands
 * out a secret: enrolment from an invitation (password, authenticator app, recovery codes), sign-out,
 * sign-in with the app's code, sign-in with a recovery code, confirmation, a new password and new
 * recovery codes on /staff/account, and failed attempts along the way. Then every collection,
 * exported as `npm run db:export` writes it, and every log line the site wrote are searched for each
 * of those secrets in every form it might have been kept in. The authenticator app's key is the one
 * secret the database must keep as it is (the site computes codes from it); it must still never reach
 * a log line.
 */

const clock = testClock(new Date('2026-11-26T15:00:10Z'));
const log = logLines();
// No catalog: the export then holds only what the staff area wrote, and a six-digit code cannot match a vehicle's number by chance.
const site = useTestApp({ SEED_CATALOG: false }, { clock: clock.now, log: log.destination });

const FIRST_PASSWORD = 'tidewater marsh heron 1987 kayak';
const NEW_PASSWORD = 'sandbar lighthouse oyster regatta';
const WRONG_PASSWORD = 'tidewater marsh heron 1988 canoe';
const UNKNOWN_EMAIL = 'not-on-staff.typed@dealer.example';

/** Everything the person typed or was handed; searched for at the end. */
const typed = {
  passwords: [FIRST_PASSWORD, NEW_PASSWORD, WRONG_PASSWORD],
  codes: [] as string[],
  recoveryCodes: [] as string[],
  /** 32-byte base64url tokens: session cookies, known-browser cookies, the invitation token. */
  tokens: [] as string[],
  formTokens: [] as string[],
  authenticatorKeys: [] as string[],
};

/** A browser without JavaScript: keeps the staff cookies, posts forms from the site's own origin, and remembers every cookie value it was given. */
function browser() {
  const cookies = new Map<string, string>();
  const remember = (response: request.Response) => {
    for (const line of (response.headers['set-cookie'] as unknown as string[] | undefined) ?? []) {
      const [name, value] = line.split(';')[0]!.split('=') as [string, string];
      if (value === '') cookies.delete(name);
      else {
        cookies.set(name, value);
        typed.tokens.push(decodeURIComponent(value));
      }
    }
    const formToken = /name="formToken" value="([^"]+)"/.exec(response.text ?? '')?.[1];
    if (formToken) typed.formTokens.push(formToken);
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

function formTokenIn(html: string): string {
  const match = /name="formToken" value="([^"]+)"/.exec(html);
  if (!match) throw new Error('no form token on the page');
  return match[1]!;
}

/** The app's code for the key at the site's time, a minute after the last one (so it is a new step), remembered. */
function nextCode(key: string): string {
  clock.advance(60_000);
  const code = new TOTP({ secret: Secret.fromBase32(key), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: clock.now().getTime() });
  typed.codes.push(code);
  return code;
}

/** The recovery codes a page shows (xxxx-xxxx-xxxx), remembered. */
function recoveryCodesIn(html: string): string[] {
  const codes = [...html.matchAll(/>([0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4})</g)].map((match) => match[1]!);
  typed.recoveryCodes.push(...codes);
  return codes;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every way a secret could have been written down: as typed, in upper and lower case, and its bytes as base64, base64url and hex. */
function formsOf(secret: string): string[] {
  const utf8 = Buffer.from(secret, 'utf8');
  const forms = [secret, secret.toLowerCase(), secret.toUpperCase(), utf8.toString('base64').replace(/=+$/, ''), utf8.toString('hex')];
  return [...new Set(forms)];
}

/** A 32-byte token in every encoding its bytes could be stored in (Extended JSON writes binary as base64). */
function tokenForms(token: string): string[] {
  const bytes = Buffer.from(token, 'base64url');
  return [...new Set([token, bytes.toString('base64').replace(/=+$/, ''), bytes.toString('hex'), bytes.toString('base64url')])];
}

/** A masked form token, and the session's form key it hides (mask XOR masked key). */
function formTokenForms(masked: string): string[] {
  const bytes = Buffer.from(masked, 'base64url');
  const key = Buffer.alloc(32);
  for (let index = 0; index < 32; index += 1) key[index] = bytes[index]! ^ bytes[index + 32]!;
  return [masked, key.toString('hex'), key.toString('base64url'), key.toString('base64').replace(/=+$/, '')];
}

/** A recovery code as shown, without its dashes, with spaces, in either case. */
function recoveryCodeForms(code: string): string[] {
  const bare = code.replaceAll('-', '');
  return [code, code.toUpperCase(), bare, bare.toUpperCase(), code.replaceAll('-', ' '), code.replaceAll('-', ' ').toUpperCase()];
}

/** The patterns no export or log line may match, each named for the failure message. */
function forbiddenPatterns({ withAuthenticatorKeys }: { withAuthenticatorKeys: boolean }): Array<[string, RegExp]> {
  const patterns: Array<[string, RegExp]> = [];
  const literal = (name: string, forms: string[]) => forms.forEach((form) => patterns.push([`${name} (${form})`, new RegExp(escapeRegExp(form))]));
  typed.passwords.forEach((password) => literal('a password', formsOf(password)));
  literal('an unknown e-mail as typed', formsOf(UNKNOWN_EMAIL));
  // A six-digit code counts only standing alone: dates and counters hold digits too.
  typed.codes.forEach((code) => patterns.push([`a code (${code})`, new RegExp(`(?<![0-9])${code}(?![0-9])`)]));
  typed.recoveryCodes.forEach((code) => literal('a recovery code', recoveryCodeForms(code)));
  typed.tokens.forEach((token) => literal('a token', tokenForms(token)));
  typed.formTokens.forEach((token) => literal('a form token', formTokenForms(token)));
  if (withAuthenticatorKeys) {
    typed.authenticatorKeys.forEach((key) => literal('an authenticator key', [key, key.toLowerCase(), key.replace(/(.{4})/g, '$1 ').trim()]));
  }
  return patterns;
}

/** Every collection as `npm run db:export` writes it (scripts/db-export.ts): one canonical Extended JSON line per document. */
async function exportedDatabase(): Promise<string[]> {
  const db = mongoose.connection.db!;
  const lines: string[] = [];
  for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray()) {
    for await (const document of db.collection(name).find({}, { promoteLongs: false, promoteValues: false })) {
      lines.push(EJSON.stringify({ collection: name, document }, { relaxed: false }));
    }
  }
  return lines;
}

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('secrets at rest and in the logs', () => {
  it('after enrolment, sign-ins, a recovery code, confirmation and a new password, neither the database nor a log line holds a secret as typed', async () => {
    const email = 'rory.secrets@dealer.example';
    // The operator's invitation, its audit line written by the site's own logger configuration into the same log.
    const invitations = createStaffInvitations({
      clock: clock.now,
      audit: createAuditLog({ clock: clock.now, logger: createLogger({ LOG_LEVEL: 'trace' }, log.destination) }),
      origin: site.env.PUBLIC_ORIGIN,
    });
    const invited = await invitations.inviteByOperator({ email, name: 'Rory Secrets', role: 'manager', resetFactors: false });
    if (invited.kind !== 'invited') throw new Error(`not invited: ${invited.kind}`);
    const invitationToken = new URL(invited.link).searchParams.get('token')!;
    typed.tokens.push(invitationToken);

    // Enrolment without JavaScript.
    const person = browser();
    const link = new URL(invited.link);
    expect((await person.get(`${link.pathname}${link.search}`)).status).toBe(200);
    expect((await person.post('/staff/invitation', { token: invitationToken })).status).toBe(303);
    const passwordPage = await person.get('/staff/welcome/password');
    expect((await person.post('/staff/welcome/password', { formToken: formTokenIn(passwordPage.text), password: FIRST_PASSWORD })).status).toBe(303);
    const appPage = await person.get('/staff/welcome/authenticator-app');
    const key = /data-testid="authenticator-key">([A-Z2-7 ]+)</.exec(appPage.text)![1]!.replaceAll(' ', '');
    typed.authenticatorKeys.push(key);
    expect((await person.post('/staff/welcome/authenticator-app', { formToken: formTokenIn(appPage.text), code: nextCode(key) })).status).toBe(303);
    const codesPage = await person.get('/staff/welcome/recovery-codes');
    const shown = await person.post('/staff/welcome/recovery-codes', { formToken: formTokenIn(codesPage.text) });
    const firstCodes = recoveryCodesIn(shown.text);
    expect(firstCodes).toHaveLength(10);
    const finished = await person.post('/staff/welcome', { formToken: formTokenIn((await person.get('/staff/welcome')).text), intent: 'finish' });
    expect(finished.headers.location).toBe('/staff');
    expect((await person.get('/staff')).status).toBe(200);

    const signOut = async () => {
      const page = await person.get('/staff');
      const out = await person.post('/staff/sign-out', { formToken: formTokenIn(page.text) });
      expect(out.status).toBe(303);
      expect(person.cookies.has('staff-session')).toBe(false);
    };
    await signOut();

    // A wrong password, a wrong code, an unknown e-mail: refused, and none of it kept.
    const wrongCode = nextCode(key) === '000000' ? '111111' : '000000';
    typed.codes.push(wrongCode);
    expect((await person.post('/staff/sign-in', { email, password: WRONG_PASSWORD, code: nextCode(key) })).status).toBe(400);
    expect((await person.post('/staff/sign-in', { email, password: FIRST_PASSWORD, code: wrongCode })).status).toBe(400);
    expect((await person.post('/staff/sign-in', { email: UNKNOWN_EMAIL, password: FIRST_PASSWORD, code: nextCode(key) })).status).toBe(400);

    // Password and the app's code, then a recovery code typed as people type it: upper case, no dashes.
    expect((await person.post('/staff/sign-in', { email, password: FIRST_PASSWORD, code: nextCode(key) })).headers.location).toBe('/staff');
    expect(person.cookies.has('staff-browser')).toBe(true);
    await signOut();
    const recovery = await person.post('/staff/sign-in?with=recovery-code', {
      email,
      password: FIRST_PASSWORD,
      recoveryCode: firstCodes[3]!.replaceAll('-', '').toUpperCase(),
    });
    expect(recovery.headers.location).toBe('/staff');

    // "Confirm it's you" with a recovery code and then the app's code (each confirmation replaces the session's token).
    const confirmPage = await person.get('/staff/confirm?with=recovery-code&returnTo=%2Fstaff%2Faccount');
    const byRecoveryCode = await person.post('/staff/confirm?with=recovery-code&returnTo=%2Fstaff%2Faccount', {
      formToken: formTokenIn(confirmPage.text),
      username: email,
      password: FIRST_PASSWORD,
      recoveryCode: firstCodes[7]!,
    });
    expect(byRecoveryCode.headers.location).toBe('/staff/account');
    const confirmAgain = await person.get('/staff/confirm?returnTo=%2Fstaff%2Faccount');
    const byCode = await person.post('/staff/confirm?returnTo=%2Fstaff%2Faccount', {
      formToken: formTokenIn(confirmAgain.text),
      username: email,
      password: FIRST_PASSWORD,
      code: nextCode(key),
    });
    expect(byCode.headers.location).toBe('/staff/account');

    // A new password and new recovery codes on /staff/account.
    const accountPage = await person.get('/staff/account');
    const changed = await person.post('/staff/account', {
      formToken: formTokenIn(accountPage.text),
      intent: 'password',
      currentPassword: FIRST_PASSWORD,
      newPassword: NEW_PASSWORD,
      endOtherSessions: 'yes',
    });
    expect(changed.status).toBe(303);
    const newCodes = await person.post('/staff/account', { formToken: formTokenIn((await person.get('/staff/account')).text), intent: 'recovery-codes' });
    expect(recoveryCodesIn(newCodes.text)).toHaveLength(10);

    // Signed in once more with the new password, so a live session and a known browser are in the database at the end.
    await signOut();
    const last = await person.post('/staff/sign-in', { email, password: NEW_PASSWORD, code: nextCode(key) });
    expect(last.headers.location).toBe('/staff');
    const liveSessionToken = person.cookies.get('staff-session')!;
    const knownBrowserToken = person.cookies.get('staff-browser')!;
    expect((await person.get('/staff')).status).toBe(200);

    // What the database keeps instead: argon2id PHC strings, argon2id recovery tags under a 16-byte salt, SHA-256 hex of each token.
    const stored = (await mongoose.connection.collection('staff').findOne({ email }))!;
    expect(stored.password.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(stored.recoveryCodes.salt.buffer.length).toBe(16);
    expect(stored.recoveryCodes.tags).toHaveLength(10);
    for (const tag of stored.recoveryCodes.tags) expect(tag.buffer.length).toBe(32);
    expect(stored.totp.secret).toBe(key);
    expect(stored.knownBrowsers.map((browser: { tokenHash: string }) => browser.tokenHash)).toContain(sha256Hex(knownBrowserToken));
    const sessions = await mongoose.connection.collection('staff_sessions').find().toArray();
    expect(sessions.length).toBeGreaterThan(0);
    for (const session of sessions) expect(session.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(sessions.map((session) => session.tokenHash)).toContain(sha256Hex(liveSessionToken));
    const invitation = (await mongoose.connection.collection('staff_invitations').findOne({ email }))!;
    expect(invitation.tokenHash).toBe(sha256Hex(invitationToken));

    // Enough was collected for the search to mean something.
    expect(typed.codes.length).toBeGreaterThanOrEqual(8);
    expect(typed.recoveryCodes).toHaveLength(20);
    expect(new Set(typed.tokens).size).toBeGreaterThanOrEqual(8);
    expect(typed.formTokens.length).toBeGreaterThanOrEqual(10);

    const exported = await exportedDatabase();
    expect(exported.some((line) => line.includes('"collection":"audit_events"'))).toBe(true);
    for (const [secret, pattern] of forbiddenPatterns({ withAuthenticatorKeys: false })) {
      const found = exported.find((line) => pattern.test(line));
      expect(found, `${secret} is in the database: ${found}`).toBeUndefined();
    }

    // The log: every line JSON, the requests and audit events all there, no secret in any of them (the authenticator key included).
    const records = log.records();
    expect(records.filter((record) => record.msg === 'audit').length).toBe(await mongoose.connection.collection('audit_events').countDocuments());
    expect(records.some((record) => record.msg === 'request completed')).toBe(true);
    for (const [secret, pattern] of forbiddenPatterns({ withAuthenticatorKeys: true })) {
      const found = log.lines.find((line) => pattern.test(line));
      expect(found, `${secret} is in a log line: ${found}`).toBeUndefined();
    }
  });
});
