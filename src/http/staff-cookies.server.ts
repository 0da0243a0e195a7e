import type { Request, Response } from 'express';
import { parseCookie } from 'cookie';
import { KNOWN_BROWSER_MS } from '../staff/staff-timing';
import type { StaffCookieChanges } from '../staff/staff-request';

/**
 * The staff area's two cookies (docs/decisions/011-staff-sign-in.md, "The cookies"): the session
 * and the known browser. Over https both carry the `__Host-` prefix and `Secure` (bound to this
 * host name, path /, sent only over TLS); plain http (localhost, the tests) gets neither, which
 * browsers would refuse there. Always `HttpOnly` (no script reads them) and `SameSite=Lax` (a
 * link in a staff e-mail opens signed in; forgery is stopped by the Origin and form-token checks).
 */
export interface StaffCookies {
  /** The tokens the request presented, or null. */
  read(req: Request): { sessionToken: string | null; knownBrowserToken: string | null };
  /** Writes what a loader or action asked for. `now` measures the cookies' Max-Age. */
  write(res: Response, changes: StaffCookieChanges, now: Date): void;
  /** Names, for tests and the documentation. */
  readonly names: { session: string; knownBrowser: string };
}

/** A token as this site makes them (43 base64url characters); anything else is not worth a database lookup. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function staffCookies(https: boolean): StaffCookies {
  const prefix = https ? '__Host-' : '';
  const names = { session: `${prefix}staff-session`, knownBrowser: `${prefix}staff-browser` };
  const attributes = { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: https };
  const token = (value: string | undefined) => (value && TOKEN.test(value) ? value : null);
  return {
    names,
    read(req) {
      const cookies = parseCookie(req.headers.cookie ?? '');
      return { sessionToken: token(cookies[names.session]), knownBrowserToken: token(cookies[names.knownBrowser]) };
    },
    write(res, changes, now) {
      if (changes.session === 'clear') res.clearCookie(names.session, attributes);
      else if (changes.session)
        res.cookie(names.session, changes.session.token, { ...attributes, maxAge: Math.max(changes.session.expiresAt.getTime() - now.getTime(), 0) });
      if (changes.knownBrowser) res.cookie(names.knownBrowser, changes.knownBrowser, { ...attributes, maxAge: KNOWN_BROWSER_MS });
    },
  };
}
