import { describe, expect, it } from 'vitest';
import { createSecretToken, hashSecretToken } from './secret-token.server';

describe('secret tokens', () => {
  it('are 256 random bits as 43 base64url characters, fit for a cookie or a link', () => {
    const token = createSecretToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
  });

  it('never repeat', () => {
    const tokens = new Set(Array.from({ length: 1000 }, createSecretToken));
    expect(tokens.size).toBe(1000);
  });

  it('are kept as their SHA-256 in hex, never as themselves', () => {
    // FIPS 180-2's example: SHA-256("abc").
    expect(hashSecretToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const token = createSecretToken();
    expect(hashSecretToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSecretToken(token)).toBe(hashSecretToken(token));
    expect(hashSecretToken(token)).not.toContain(token);
  });
});
