import { describe, expect, it } from 'vitest';
import { loadBusinessFile } from '../config/load-business-file.server';
import { checkNewPassword } from './check-new-password.server';
import { isCommonPassword } from './common-passwords.server';
import { passwordContextWords, type PasswordContext } from './password-context-words.server';
import { checkPasswordLength, PASSWORD_PROBLEM_MESSAGES, passwordLength } from './password-rules';

// The shipped business file: "Shore Golf Carts", www.example.com, showrooms in Bayville, Waretown…
const context: PasswordContext = { business: loadBusinessFile(undefined), person: { email: 'jane.doe@example.org', name: 'Jane Doe' } };
const check = (password: string) => checkNewPassword(password, context);
const problemOf = (password: string) => {
  const result = check(password);
  return result.ok ? null : result.problem;
};

describe('a new password', () => {
  it('is accepted at 8 characters and refused at 7, with the reason', () => {
    expect(check('k7#Qz!9w')).toEqual({ ok: true });
    expect(check('k7#Qz!9')).toEqual({ ok: false, problem: 'too-short', message: PASSWORD_PROBLEM_MESSAGES['too-short'] });
    expect(PASSWORD_PROBLEM_MESSAGES['too-short']).toBe('Use at least 8 characters; 15 or more is better.');
  });

  it('is counted in characters as people see them, not in UTF-16 units', () => {
    // Seven emoji are fourteen UTF-16 units but seven characters: too short.
    expect(passwordLength('🐚🌊🐚🌊🐚🌊🐚')).toBe(7);
    expect(problemOf('🐚🌊🐚🌊🐚🌊🐚')).toBe('too-short');
    expect(check('🐚🌊🐚🌊🐚🌊🐚🌊')).toEqual({ ok: true });
  });

  it('is accepted at 64 and at 256 characters', () => {
    const phrase = 'low tide at barnegat light, 6:40 am; gulls over the inlet! ';
    expect(check(phrase.repeat(2).slice(0, 64))).toEqual({ ok: true });
    expect(check(phrase.repeat(5).slice(0, 256))).toEqual({ ok: true });
  });

  it('is refused at 257 characters with a message, never cut to fit', () => {
    const accepted = 'low tide at barnegat light, 6:40 am; gulls over the inlet! '.repeat(5).slice(0, 256);
    expect(check(`${accepted}x`)).toEqual({ ok: false, problem: 'too-long', message: 'Use at most 256 characters.' });
    expect(checkPasswordLength(`${accepted}x`)).toBe('too-long');
  });

  it('is refused when it is a common password, in any letter case', () => {
    expect(problemOf('password1234')).toBe('common');
    expect(problemOf('Password1234')).toBe('common');
    expect(problemOf('qwertyuiop')).toBe('common');
    expect(check('password1234')).toMatchObject({ message: PASSWORD_PROBLEM_MESSAGES.common });
  });

  it('is refused when its letters spell the business, a showroom, a brand or the trade', () => {
    expect(problemOf('ShoreGolfCarts2026!')).toBe('context');
    expect(problemOf('shore-golf-carts')).toBe('context');
    expect(problemOf('Bayville#1200')).toBe('context');
    expect(problemOf('pleasantville!')).toBe('context');
    expect(problemOf('EZ-GO-2026!!')).toBe('context');
    expect(problemOf('example.com2026')).toBe('context');
    expect(problemOf('GolfCart99$$')).toBe('context');
  });

  it('is refused when its letters spell the person’s e-mail, its local part or their name', () => {
    expect(problemOf('jane.doe@example.org')).toBe('context');
    expect(problemOf('Jane.Doe-2026')).toBe('context');
    expect(problemOf('JaneDoe!!2026')).toBe('context');
    expect(problemOf('Jane*19871987')).toBe('context');
  });

  it('may contain those words among others', () => {
    expect(check('shore golf carts are the best in bayville')).toEqual({ ok: true });
    expect(check('jane doe sells golf carts')).toEqual({ ok: true });
  });

  it('needs no digit, capital or symbol, and may be digits or symbols only', () => {
    expect(check('tidepoollanternoyster')).toEqual({ ok: true });
    expect(check('ALLCAPSNODIGITSHERE')).toEqual({ ok: true });
    expect(isCommonPassword('80417296')).toBe(false);
    expect(check('80417296')).toEqual({ ok: true });
    expect(check('#$%^&*()_+')).toEqual({ ok: true });
  });

  it('is not changed before the check: leading and trailing spaces count', () => {
    expect(problemOf(' k7#Qz!9 ')).toBeNull();
    expect(problemOf(' k7#Qz! ')).toBeNull();
    expect(problemOf('k7#Qz!')).toBe('too-short');
  });
});

describe('password context words', () => {
  it('are the business name and its words, host labels, showrooms and towns, brands, the fixed words and the person', () => {
    const words = passwordContextWords(context);
    for (const word of [
      'shoregolfcarts',
      'shore',
      'golf',
      'carts',
      'wwwexamplecom',
      'examplecom',
      'www',
      'example',
      'com',
      'bayvilleshowroom',
      'bayville',
      'waretown',
      'manahawkin',
    ]) {
      expect(words).toContain(word);
    }
    for (const word of [
      'clubcar',
      'ezgo',
      'denago',
      'evolution',
      'tomberlin',
      'swiftev',
      'cart',
      'golfcart',
      'staff',
      'owner',
      'manager',
      'sales',
      'admin',
      'password',
    ]) {
      expect(words).toContain(word);
    }
    for (const word of ['janedoeexampleorg', 'janedoe', 'jane', 'doe']) expect(words).toContain(word);
    expect(words).not.toContain('');
  });
});
