import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

// The per-session token every staff form carries besides the Origin check (decision 011, "Form
// token"). It is derived from the session's cookie token, so nothing is stored and no key is
// configured; the database's tokenHash (a plain SHA-256 of the token) cannot produce it. Each
// render masks it with fresh random bytes so that a compressed page never repeats it (BREACH).

const KEY_LENGTH = 32;
const MASKED_TOKEN = /^[A-Za-z0-9_-]{86}$/; // base64url of 64 bytes, unpadded

function formKey(sessionToken: string): Buffer {
  return createHash('sha256').update(`shore-staff-form\n${sessionToken}`, 'utf8').digest();
}

function xor(a: Buffer, b: Buffer): Buffer {
  const result = Buffer.alloc(a.length);
  for (let index = 0; index < a.length; index += 1) result[index] = a[index]! ^ b[index]!;
  return result;
}

/** The value of the hidden `formToken` field for one render: base64url(mask ‖ mask XOR key), different every time. */
export function maskedFormToken(sessionToken: string): string {
  const mask = randomBytes(KEY_LENGTH);
  return Buffer.concat([mask, xor(mask, formKey(sessionToken))]).toString('base64url');
}

/** Whether a posted `formToken` was made for this session. Anything else (missing, malformed, another session's) is false, never an exception. */
export function verifyFormToken(sessionToken: string, submitted: unknown): boolean {
  if (typeof submitted !== 'string' || !MASKED_TOKEN.test(submitted)) return false;
  const bytes = Buffer.from(submitted, 'base64url');
  if (bytes.length !== 2 * KEY_LENGTH) return false;
  const unmasked = xor(bytes.subarray(0, KEY_LENGTH), bytes.subarray(KEY_LENGTH));
  return timingSafeEqual(unmasked, formKey(sessionToken));
}
