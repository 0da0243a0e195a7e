import type { Express } from 'express';
import mongoose from 'mongoose';
import request from 'supertest';
import type { TestStaffAccount } from './staff-accounts';

// Signing in to the staff area over HTTP as a browser without JavaScript does: the sign-in form
// posted from the site's own origin, cookies read from Set-Cookie and sent back by hand.

/** What the sign-in form sends; `recoveryCode` posts to `?with=recovery-code`. */
export interface SignInFields {
  email: string;
  password: string;
  code?: string;
  recoveryCode?: string;
}

export interface SignInOptions {
  /** PUBLIC_ORIGIN: staff posts must come from it. */
  origin: string;
  /** Sent as X-Forwarded-For (the test app needs TRUST_PROXY): where the attempt comes from, for the throttle. */
  address?: string;
  /** Cookies to present, as `name=value` pairs (a session, a known browser). */
  cookies?: string[];
  returnTo?: string;
}

/** Posts the sign-in form. */
export function postSignIn(app: Express, fields: SignInFields, options: SignInOptions): request.Test {
  const query = new URLSearchParams();
  if (fields.recoveryCode !== undefined) query.set('with', 'recovery-code');
  if (options.returnTo) query.set('returnTo', options.returnTo);
  const path = `/staff/sign-in${query.size > 0 ? `?${query}` : ''}`;
  let test = request(app).post(path).set('Origin', options.origin).type('form');
  if (options.address) test = test.set('X-Forwarded-For', options.address);
  if (options.cookies?.length) test = test.set('Cookie', options.cookies.join('; '));
  return test.send({ ...fields });
}

/** Signs in with the password and the app's code at `at`; fails the test unless signed in. */
export async function signInAs(app: Express, account: TestStaffAccount, at: Date, options: SignInOptions) {
  const response = await postSignIn(app, { email: account.email, password: account.password, code: account.code(at) }, options);
  if (response.status !== 303) throw new Error(`sign-in answered ${response.status}, not 303`);
  return { response, session: cookieOf(response, 'staff-session')!, knownBrowser: cookieOf(response, 'staff-browser')! };
}

/** The Set-Cookie lines of a response. */
export function setCookies(response: request.Response): string[] {
  const header = response.headers['set-cookie'] as string[] | string | undefined;
  return header === undefined ? [] : Array.isArray(header) ? header : [header];
}

/** A cookie the response set, as `name=value` to send back (with or without the `__Host-` prefix); null when none or cleared. */
export function cookieOf(response: request.Response, name: 'staff-session' | 'staff-browser'): string | null {
  const line = setCookies(response).find((cookie) => new RegExp(`^(__Host-)?${name}=[^;]`).test(cookie));
  return line ? line.split(';')[0]! : null;
}

/** The masked form token a staff page carries for its forms. */
export function formTokenOf(html: string): string {
  const match = /name="formToken" value="([^"]+)"/.exec(html);
  if (!match) throw new Error('the page carries no form token');
  return match[1]!;
}

/** Audit events of a kind, oldest first, straight from the collection. */
export function auditEventsOf(kind: string) {
  return mongoose.connection.collection('audit_events').find({ kind }).sort({ at: 1, _id: 1 }).toArray();
}
