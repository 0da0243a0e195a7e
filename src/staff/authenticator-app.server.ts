import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';

// The authenticator app's codes (TOTP, RFC 6238: HMAC-SHA1, 6 digits, 30 s), decision 011's "TOTP
// step rule". otpauth rather than @oslojs/otp because it takes the time from our clock and says
// which step matched, which the once-only rule needs. Times always come from the caller's clock.

const PERIOD_SECONDS = 30;
const STEP_MS = PERIOD_SECONDS * 1000;
/** A code stays valid this long into the next step, for the seconds it takes to type it. */
export const PREVIOUS_STEP_GRACE_MS = 10_000;

function totp(secret: string, issuer = '', accountName = 'staff'): TOTP {
  return new TOTP({ issuer, label: accountName, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

/** A new secret for an account: 20 bytes (160 bits) from the CSPRNG, as base32, what the app is given and the database keeps. */
export function createAuthenticatorSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** What the enrolment page shows for one secret. */
export interface AuthenticatorAppEnrolment {
  /** otpauth://totp/Issuer:account?issuer=…&secret=…&algorithm=SHA1&digits=6&period=30, a link that opens the app on a phone. */
  uri: string;
  /** The secret in groups of four for typing into the app by hand: "GEZD GNBV …". */
  key: string;
  /** The QR code of the uri as an SVG data: URL, for an <img> (the CSP allows data: images, not inline SVG markup). */
  qrCodeDataUrl: string;
}

/** The enrolment page's QR code, link and key for a secret; the issuer is the business name, the account the e-mail. */
export function authenticatorAppEnrolment({ secret, issuer, accountName }: { secret: string; issuer: string; accountName: string }): AuthenticatorAppEnrolment {
  const uri = totp(secret, issuer, accountName).toString();
  const svg = renderSVG(uri, { ecc: 'M', border: 4 });
  return {
    uri,
    key: secret.match(/.{1,4}/g)!.join(' '),
    qrCodeDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`,
  };
}

/** The time step (30 s since 1970) an instant falls in: what `totp.lastUsedStep` holds. */
export function authenticatorStep(now: Date): number {
  return Math.floor(now.getTime() / STEP_MS);
}

/**
 * The step a typed code belongs to, or null when it is not valid now. A code is accepted in its
 * own step, and the previous step's code only during the first 10 s of the next (so a code lives
 * at most 40 s); a code of the next step (a clock running ahead) never. The caller then marks the
 * step used with a conditional update (`lastUsedStep < step`), so that each code works once, on
 * any instance. Spaces the app shows ("123 456") are ignored.
 */
export function verifyAuthenticatorCode({ secret, code, now }: { secret: string; code: string; now: Date }): number | null {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  // window 1 checks the previous, current and next steps; offset says which matched (constant-time comparison inside).
  const offset = totp(secret).validate({ token, timestamp: now.getTime(), window: 1 });
  const current = authenticatorStep(now);
  if (offset === 0) return current;
  if (offset === -1 && now.getTime() - current * STEP_MS < PREVIOUS_STEP_GRACE_MS) return current - 1;
  return null;
}
