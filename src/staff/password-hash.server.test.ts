import { describe, expect, it } from 'vitest';
import { argon2id, dummyPasswordHash, hashPassword, needsRehash, PASSWORD_HASH_PARAMETERS, verifyPassword } from './password-hash.server';

// Made by the reference implementation, not by this module: Debian's libargon2 1 (0~20171227),
// argon2id_hash_encoded(t=2, m=19456, p=1, password, salt, hashlen=32) called through Python's
// ctypes, with the salt bytes 00..0f and the ASCII "shore-golf-carts".
const LIBARGON2_HASHES = [
  {
    password: 'correct horse battery staple',
    phc: '$argon2id$v=19$m=19456,t=2,p=1$AAECAwQFBgcICQoLDA0ODw$gYJZtjEAJqjg26xdLmknq8/bB7MiWPrE9hsYuA+SkIU',
  },
  {
    password: ' Café au lait ☕ ',
    phc: '$argon2id$v=19$m=19456,t=2,p=1$c2hvcmUtZ29sZi1jYXJ0cw$OdLpq1HW+VY2ufyHs10VFVNu/WoPxnCUORCK4WupFjo',
  },
];

describe('argon2id', () => {
  it('gives the RFC 9106 §5.3 Argon2id test vector', async () => {
    const tag = await argon2id({
      message: Buffer.alloc(32, 0x01),
      nonce: Buffer.alloc(16, 0x02),
      secret: Buffer.alloc(8, 0x03),
      associatedData: Buffer.alloc(12, 0x04),
      memory: 32,
      passes: 3,
      parallelism: 4,
      tagLength: 32,
    });
    expect(tag.toString('hex')).toBe('0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659');
  });
});

describe('password hashes', () => {
  it('are argon2id PHC strings at m=19456, t=2, p=1 with a 16-byte salt and a 32-byte tag, in unpadded standard base64', async () => {
    const phc = await hashPassword('tide pool lantern');
    const match = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$([A-Za-z0-9+/]{22})\$([A-Za-z0-9+/]{43})$/.exec(phc);
    expect(match).not.toBeNull();
    expect(Buffer.from(match![1]!, 'base64')).toHaveLength(16);
    expect(Buffer.from(match![2]!, 'base64')).toHaveLength(32);
    expect(needsRehash(phc)).toBe(false);
  });

  it('verify the password they were made from, and differ for the same password (a fresh salt each time)', async () => {
    const first = await hashPassword('tide pool lantern');
    const second = await hashPassword('tide pool lantern');
    expect(first).not.toBe(second);
    expect(await verifyPassword('tide pool lantern', first)).toBe(true);
    expect(await verifyPassword('tide pool lantern', second)).toBe(true);
  });

  it('accept hashes made by libargon2 for the same password, and refuse any other password', async () => {
    for (const { password, phc } of LIBARGON2_HASHES) {
      expect(await verifyPassword(password, phc)).toBe(true);
      expect(await verifyPassword(`${password}x`, phc)).toBe(false);
    }
    expect(await verifyPassword('Correct horse battery staple', LIBARGON2_HASHES[0]!.phc)).toBe(false);
  });

  it('hash exactly what was typed: no trimming, case change or Unicode normalization', async () => {
    const { phc } = LIBARGON2_HASHES[1]!;
    expect(await verifyPassword(' Café au lait ☕ ', phc)).toBe(true);
    expect(await verifyPassword('Café au lait ☕', phc)).toBe(false);
    expect(await verifyPassword(' café au lait ☕ ', phc)).toBe(false);
    // The same text with é as e + combining accent (NFD) is other bytes, so another password.
    expect(await verifyPassword(' Café au lait ☕ '.normalize('NFD'), phc)).toBe(false);
  });

  it('never match a stored value that is not an argon2id PHC string', async () => {
    for (const stored of [
      '',
      'correct horse battery staple',
      LIBARGON2_HASHES[0]!.phc.replace('argon2id', 'argon2i'),
      LIBARGON2_HASHES[0]!.phc.replace('v=19', 'v=16'),
      LIBARGON2_HASHES[0]!.phc.replace('$AAECAwQFBgcICQoLDA0ODw$', '$AAEC$'),
      `${LIBARGON2_HASHES[0]!.phc}=`,
    ]) {
      expect(await verifyPassword('correct horse battery staple', stored)).toBe(false);
    }
  });

  it('ask for a rehash when a stored hash is weaker than the current parameters', async () => {
    const { memory, passes, parallelism, tagLength } = PASSWORD_HASH_PARAMETERS;
    expect(needsRehash(LIBARGON2_HASHES[0]!.phc)).toBe(false);
    expect(needsRehash(LIBARGON2_HASHES[0]!.phc.replace('m=19456', 'm=12288'))).toBe(true);
    expect(needsRehash(LIBARGON2_HASHES[0]!.phc.replace('t=2', 't=1'))).toBe(true);
    const shortTag = await argon2id({ message: 'x', nonce: Buffer.alloc(16), memory, passes, parallelism, tagLength: tagLength / 2 });
    expect(needsRehash(`$argon2id$v=19$m=19456,t=2,p=1$AAAAAAAAAAAAAAAAAAAAAA$${shortTag.toString('base64').replace(/=+$/, '')}`)).toBe(true);
    expect(needsRehash('$2b$12$bcrypt')).toBe(true);
  });

  it('keep one dummy hash per process, which no typed password matches', async () => {
    const dummy = await dummyPasswordHash();
    expect(await dummyPasswordHash()).toBe(dummy);
    expect(needsRehash(dummy)).toBe(false);
    expect(await verifyPassword('', dummy)).toBe(false);
    expect(await verifyPassword('password', dummy)).toBe(false);
  });
});
