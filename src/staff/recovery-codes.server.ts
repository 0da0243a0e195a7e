import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { argon2id, PASSWORD_HASH_PARAMETERS } from './password-hash.server';

// Ten single-use codes that stand in for the authenticator app when the phone is lost (decision
// 011, "Secrets"). Each is 12 characters of Crockford's base32, 60 bits from the CSPRNG: too few
// to keep as a plain SHA-256 (ASVS 6.5.2), so each is kept as an argon2id tag under one random
// 16-byte salt per account. A code is used by computing the typed code's tag once and pulling
// that tag from the account's list atomically (the repository's $pull).

/** Crockford's base32 alphabet, lower case: no i, l, o or u, so no code can be misread. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const CODE_LENGTH = 12;
export const RECOVERY_CODE_COUNT = 10;
const SALT_LENGTH = 16;

/** One code as shown and printed: "7kq2-mx9d-04fh". */
function displayed(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
}

/**
 * A typed code as it is hashed, or null when it cannot be one: letter case, dashes and spaces
 * ignored, and the letters Crockford's base32 reads as digits (i and l as 1, o as 0) mapped.
 */
export function normalizeRecoveryCode(typed: string): string | null {
  const code = typed.toLowerCase().replace(/[\s-]/g, '').replace(/[il]/g, '1').replace(/o/g, '0');
  return code.length === CODE_LENGTH && [...code].every((character) => ALPHABET.includes(character)) ? code : null;
}

async function tagOf(code: string, salt: Buffer): Promise<Buffer> {
  const { memory, passes, parallelism, tagLength } = PASSWORD_HASH_PARAMETERS;
  return argon2id({ message: code, nonce: salt, memory, passes, parallelism, tagLength });
}

export interface RecoveryCodeSet {
  /** To show once, as xxxx-xxxx-xxxx; never stored. */
  codes: string[];
  /** The account's salt, stored beside the tags. */
  salt: Buffer;
  /** One argon2id tag per code, in the same order, to store. */
  tags: Buffer[];
}

/** Ten new codes with their salt and tags (ten argon2id hashes, about a second of CPU on the pool). */
export async function createRecoveryCodes(): Promise<RecoveryCodeSet> {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) {
    codes.add(Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''));
  }
  const salt = randomBytes(SALT_LENGTH);
  const tags = await Promise.all([...codes].map((code) => tagOf(code, salt)));
  return { codes: [...codes].map(displayed), salt, tags };
}

/**
 * The tag of a typed code under the account's salt, to pull from its list; null when the input
 * cannot be a code. Either way one argon2id is spent, so the time taken does not tell a
 * well-formed code from a mistyped one (the sign-in does the same work on every path).
 */
export async function recoveryCodeTag(typed: string, salt: Buffer): Promise<Buffer | null> {
  const code = normalizeRecoveryCode(typed);
  const tag = await tagOf(code ?? typed, salt);
  return code === null ? null : tag;
}

/** Whether a tag is among the stored ones, compared in constant time (for a caller that holds the list). */
export function hasRecoveryCodeTag(tags: readonly Uint8Array[], tag: Uint8Array): boolean {
  let found = false;
  for (const stored of tags) {
    if (stored.length === tag.length && timingSafeEqual(stored, tag)) found = true;
  }
  return found;
}
