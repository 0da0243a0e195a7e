import { argon2, randomBytes, timingSafeEqual, type Argon2Parameters } from 'node:crypto';
import { promisify } from 'node:util';

// Passwords as argon2id in the PHC string format (decision 011, "Passwords"). Node's crypto.argon2
// returns raw bytes, so the encoding is ours; it is the one libargon2's argon2id_hash_encoded
// writes, so a hash made by any libargon2-based tool verifies here and the other way round.
// Async only: one hash is ~100 ms of CPU and 19 MiB, run on libuv's pool, never on the event loop.

const argon2Async = promisify(argon2);

/** ASVS 5.0 Appendix C / OWASP's argon2id setting: 19,456 KiB, 2 passes, 1 lane, 128-bit salt, 256-bit tag. */
export const PASSWORD_HASH_PARAMETERS = { memory: 19_456, passes: 2, parallelism: 1, saltLength: 16, tagLength: 32 } as const;

/** The raw argon2id function (RFC 9106) the PHC strings and the recovery codes are built on. */
export function argon2id(parameters: Argon2Parameters): Promise<Buffer> {
  return argon2Async('argon2id', parameters);
}

/** Standard base64 (+/) without = padding, as the PHC format and libargon2 write it. */
function phcBase64(bytes: Buffer): string {
  return bytes.toString('base64').replace(/=+$/, '');
}

const PHC_ARGON2ID = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

interface StoredPasswordHash {
  memory: number;
  passes: number;
  parallelism: number;
  salt: Buffer;
  tag: Buffer;
}

function parsePasswordHash(phc: string): StoredPasswordHash | null {
  const match = PHC_ARGON2ID.exec(phc);
  if (!match) return null;
  const [, memory, passes, parallelism, salt, tag] = match as unknown as [string, string, string, string, string, string];
  return { memory: Number(memory), passes: Number(passes), parallelism: Number(parallelism), salt: Buffer.from(salt, 'base64'), tag: Buffer.from(tag, 'base64') };
}

/**
 * The PHC string to store for a new password. The password is hashed exactly as typed (its UTF-8
 * bytes): no trimming, case change, Unicode normalization or truncation.
 */
export async function hashPassword(password: string): Promise<string> {
  const { memory, passes, parallelism, saltLength, tagLength } = PASSWORD_HASH_PARAMETERS;
  const salt = randomBytes(saltLength);
  const tag = await argon2id({ message: password, nonce: salt, memory, passes, parallelism, tagLength });
  return `$argon2id$v=19$m=${memory},t=${passes},p=${parallelism}$${phcBase64(salt)}$${phcBase64(tag)}`;
}

/**
 * Whether the password is the one the stored PHC string was made from: recomputed with the
 * string's own parameters and tag length, compared in constant time. A string that is not an
 * argon2id PHC string (or that argon2 refuses) never matches.
 */
export async function verifyPassword(password: string, phc: string): Promise<boolean> {
  const stored = parsePasswordHash(phc);
  if (!stored) return false;
  let tag: Buffer;
  try {
    tag = await argon2id({
      message: password,
      nonce: stored.salt,
      memory: stored.memory,
      passes: stored.passes,
      parallelism: stored.parallelism,
      tagLength: stored.tag.length,
    });
  } catch {
    return false;
  }
  // timingSafeEqual throws on unequal lengths; the length is not secret.
  return tag.length === stored.tag.length && timingSafeEqual(tag, stored.tag);
}

/** Whether a stored hash is weaker than the current parameters and should be replaced after a successful sign-in. */
export function needsRehash(phc: string): boolean {
  const stored = parsePasswordHash(phc);
  if (!stored) return true;
  const current = PASSWORD_HASH_PARAMETERS;
  return stored.memory < current.memory || stored.passes < current.passes || stored.salt.length < current.saltLength || stored.tag.length < current.tagLength;
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash of a random password nobody knows, made once per process: a sign-in for an unknown,
 * inactive or password-less account is checked against it, so that it costs the same argon2id as
 * a real one and fails.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  return dummyHash;
}
