import { describe, expect, it } from 'vitest';
import { emailMatchKey, leadSearchKeys, leadSearchPrefix, phoneMatchKey, prefixPattern } from './lead-search';

describe('leadSearchKeys', () => {
  it('keeps names, "first last", the e-mail, its local part and the phone digits, lower-cased', () => {
    expect(leadSearchKeys({ firstName: ' Mary  Ann ', lastName: "O'Neil", email: 'Mary.ONeil+carts@Example.com', phone: '(609) 555-0142' })).toEqual([
      'mary ann',
      "o'neil",
      "mary ann o'neil",
      'mary.oneil+carts@example.com',
      'mary.oneil+carts',
      '6095550142',
      '5550142',
      '0142',
    ]);
  });

  it('drops a country code in the 10-digit key', () => {
    expect(leadSearchKeys({ firstName: 'A', lastName: 'B', email: 'a@b.co', phone: '+1 609 555 0142' })).toEqual(
      expect.arrayContaining(['16095550142', '6095550142', '5550142', '0142']),
    );
  });
});

describe('leadSearchPrefix', () => {
  it('reads digits and phone punctuation as the phone digits', () => {
    expect(leadSearchPrefix('(609) 555-01')).toBe('60955501');
    expect(leadSearchPrefix('+1 609-555-0142')).toBe('6095550142');
    expect(leadSearchPrefix('0142')).toBe('0142');
  });

  it('reads anything else as a name or e-mail, lower-cased', () => {
    expect(leadSearchPrefix('  Mary   ANN ')).toBe('mary ann');
    expect(leadSearchPrefix('Mary.ONeil@')).toBe('mary.oneil@');
    expect(leadSearchPrefix('   ')).toBeNull();
  });
});

describe('prefixPattern', () => {
  it('matches only keys that begin with the prefix, every character literal', () => {
    const pattern = new RegExp(prefixPattern('mary.o+n (x)'));
    expect(pattern.test('mary.o+n (x)eil')).toBe(true);
    expect(pattern.test('maryxo+n (x)')).toBe(false);
    expect(pattern.test('a mary.o+n (x)')).toBe(false);
  });
});

describe('related keys', () => {
  it('matches a phone by its last 10 digits and an e-mail lower-cased', () => {
    expect(phoneMatchKey('+1 (609) 555-0142')).toBe('6095550142');
    expect(phoneMatchKey('n/a')).toBeUndefined();
    expect(emailMatchKey(' Mary@Example.COM ')).toBe('mary@example.com');
  });
});
