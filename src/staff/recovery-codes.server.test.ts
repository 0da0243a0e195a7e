import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { argon2id } from './password-hash.server';
import { createRecoveryCodes, hasRecoveryCodeTag, normalizeRecoveryCode, RECOVERY_CODE_COUNT, recoveryCodeTag } from './recovery-codes.server';

describe('recovery codes', () => {
  // Making a set costs ten argon2id hashes: the tests share one where they only read it.
  const made = createRecoveryCodes();

  it('are ten different codes of twelve Crockford base32 characters, shown as xxxx-xxxx-xxxx', async () => {
    const { codes, salt, tags } = await made;
    expect(RECOVERY_CODE_COUNT).toBe(10);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}$/);
    expect(salt).toHaveLength(16);
    expect(tags).toHaveLength(10);
  });

  it('are kept as argon2id tags (m=19456, t=2, p=1, 32 bytes) of the code without dashes under the account salt', async () => {
    const { codes, salt, tags } = await made;
    const expected = await argon2id({ message: codes[3]!.replaceAll('-', ''), nonce: salt, memory: 19_456, passes: 2, parallelism: 1, tagLength: 32 });
    expect(tags[3]!.equals(expected)).toBe(true);
    for (const tag of tags) expect(tag.toString('latin1')).not.toContain(codes[3]!.replaceAll('-', ''));
  });

  it('are found by the tag of the code as typed, in any case, with or without dashes and spaces, with i, l and o read as 1 and 0', async () => {
    const { codes, salt, tags } = await made;
    const code = codes[0]!;
    const typings = [code, code.toUpperCase(), code.replaceAll('-', ''), ` ${code.replaceAll('-', ' ')} `, code.replaceAll('1', 'l').replaceAll('0', 'O')];
    for (const typed of typings) {
      const tag = await recoveryCodeTag(typed, salt);
      expect(tag).not.toBeNull();
      expect(hasRecoveryCodeTag(tags, tag!)).toBe(true);
      expect(tag!.equals(tags[0]!)).toBe(true);
    }
  });

  it('of another account, or under another salt, are not found', async () => {
    const mine = await made;
    const theirs = await createRecoveryCodes();
    expect(hasRecoveryCodeTag(mine.tags, (await recoveryCodeTag(theirs.codes[0]!, mine.salt))!)).toBe(false);
    expect(hasRecoveryCodeTag(mine.tags, (await recoveryCodeTag(mine.codes[0]!, randomBytes(16)))!)).toBe(false);
  });

  it('typed wrong are refused without an exception', async () => {
    const salt = randomBytes(16);
    for (const typed of ['', 'abcd-efgh-jkm', 'abcd-efgh-jkmnp', 'abcd-efgh-jkmu', 'abcd_efgh_jkmn', '€bcd-efgh-jkmn']) {
      expect(normalizeRecoveryCode(typed)).toBeNull();
      expect(await recoveryCodeTag(typed, salt)).toBeNull();
    }
  });

  it('normalize to the stored form', () => {
    expect(normalizeRecoveryCode('7KQ2-MX9D-04FH')).toBe('7kq2mx9d04fh');
    expect(normalizeRecoveryCode('iLoO-1100-abcd')).toBe('11001100abcd');
    expect(normalizeRecoveryCode(' 7kq2 mx9d 04fh ')).toBe('7kq2mx9d04fh');
  });
});
