import { describe, expect, it } from 'vitest';
import { maskedFormToken, verifyFormToken } from './form-token.server';
import { createSecretToken } from './secret-token.server';

describe('form tokens', () => {
  const session = createSecretToken();

  it('differ on every render and all verify for their session', () => {
    const first = maskedFormToken(session);
    const second = maskedFormToken(session);
    expect(first).not.toBe(second);
    expect(verifyFormToken(session, first)).toBe(true);
    expect(verifyFormToken(session, second)).toBe(true);
  });

  it('never show the session token', () => {
    const token = maskedFormToken(session);
    expect(token).not.toContain(session);
    expect(Buffer.from(token, 'base64url').toString('latin1')).not.toContain(session);
  });

  it('made for another session are refused, as after a confirmation replaced the token', () => {
    expect(verifyFormToken(createSecretToken(), maskedFormToken(session))).toBe(false);
  });

  it('that were altered are refused', () => {
    const bytes = Buffer.from(maskedFormToken(session), 'base64url');
    for (const index of [0, 31, 32, 63]) {
      const altered = Buffer.from(bytes);
      altered[index]! ^= 0x01;
      expect(verifyFormToken(session, altered.toString('base64url'))).toBe(false);
    }
    expect(verifyFormToken(session, bytes.toString('base64url'))).toBe(true);
  });

  it('refuse garbage without throwing', () => {
    for (const submitted of [
      undefined,
      null,
      '',
      'x',
      42,
      ['a'],
      { token: 'a' },
      'A'.repeat(85),
      'A'.repeat(87),
      `${'A'.repeat(85)}=`,
      '*'.repeat(86),
      'A'.repeat(10_000),
    ]) {
      expect(verifyFormToken(session, submitted)).toBe(false);
    }
  });
});
