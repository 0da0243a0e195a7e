import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { authenticatorAppEnrolment, authenticatorStep, createAuthenticatorSecret, verifyAuthenticatorCode } from './authenticator-app.server';

// RFC 6238 Appendix B: the SHA-1 seed is the ASCII "12345678901234567890"; at T = 59 s the 8-digit
// code is 94287082, so the 6-digit code is its last six digits.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const at = (seconds: number) => new Date(seconds * 1000);

/** What an authenticator app shows at that instant, made independently of the module under test. */
function appCode(secret: string, time: Date): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: time.getTime() });
}

describe('authenticator app codes', () => {
  it('are RFC 6238 codes: SHA-1, 6 digits, 30-second steps', () => {
    expect(verifyAuthenticatorCode({ secret: RFC_SECRET, code: '287082', now: at(59) })).toBe(1);
    // RFC 6238's T = 1111111109 s: 07081804.
    expect(verifyAuthenticatorCode({ secret: RFC_SECRET, code: '081804', now: at(1_111_111_109) })).toBe(37_037_036);
    expect(authenticatorStep(at(1_111_111_109))).toBe(37_037_036);
  });

  // A step that starts at 1,800,000,000 s (a multiple of 30).
  const stepStart = 1_800_000_000;
  const secret = createAuthenticatorSecret();
  const code = appCode(secret, at(stepStart + 5));

  it('are accepted throughout their own step, which they return', () => {
    expect(verifyAuthenticatorCode({ secret, code, now: at(stepStart) })).toBe(stepStart / 30);
    expect(verifyAuthenticatorCode({ secret, code, now: at(stepStart + 29) })).toBe(stepStart / 30);
  });

  it('are accepted 9 s into the next step, returning their own step', () => {
    expect(verifyAuthenticatorCode({ secret, code, now: at(stepStart + 30 + 9) })).toBe(stepStart / 30);
  });

  it('are refused 11 s into the next step and later', () => {
    expect(verifyAuthenticatorCode({ secret, code, now: at(stepStart + 30 + 11) })).toBeNull();
    expect(verifyAuthenticatorCode({ secret, code, now: at(stepStart + 60 + 5) })).toBeNull();
  });

  it('of a step still to come are refused', () => {
    const next = appCode(secret, at(stepStart + 30));
    expect(verifyAuthenticatorCode({ secret, code: next, now: at(stepStart + 29) })).toBeNull();
    expect(verifyAuthenticatorCode({ secret, code: next, now: at(stepStart + 30) })).toBe(stepStart / 30 + 1);
  });

  it('of another secret, mistyped or not six digits are refused', () => {
    const now = at(stepStart + 5);
    expect(verifyAuthenticatorCode({ secret: createAuthenticatorSecret(), code, now })).toBeNull();
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(verifyAuthenticatorCode({ secret, code: wrong, now })).toBeNull();
    for (const typed of ['', '12345', '1234567', 'abcdef', `${code}0`, code.slice(1)]) expect(verifyAuthenticatorCode({ secret, code: typed, now })).toBeNull();
  });

  it('may be typed with the space the app shows', () => {
    expect(verifyAuthenticatorCode({ secret, code: `${code.slice(0, 3)} ${code.slice(3)}`, now: at(stepStart + 5) })).toBe(stepStart / 30);
  });
});

describe('authenticator app secrets', () => {
  it('are 160 random bits in base32', () => {
    const secret = createAuthenticatorSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(createAuthenticatorSecret()).not.toBe(secret);
  });

  it('are shown as an otpauth:// link, a key in groups of four and a QR code image', () => {
    const enrolment = authenticatorAppEnrolment({ secret: RFC_SECRET, issuer: 'Shore Golf Carts', accountName: 'jane@example.org' });
    expect(enrolment.uri).toBe(
      'otpauth://totp/Shore%20Golf%20Carts:jane%40example.org?issuer=Shore%20Golf%20Carts&secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&algorithm=SHA1&digits=6&period=30',
    );
    expect(enrolment.key).toBe('GEZD GNBV GY3T QOJQ GEZD GNBV GY3T QOJQ');
    expect(enrolment.qrCodeDataUrl).toMatch(/^data:image\/svg\+xml;base64,[A-Za-z0-9+/]+=*$/);
    const svg = Buffer.from(enrolment.qrCodeDataUrl.split(',')[1]!, 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).not.toContain('<script');
  });
});
