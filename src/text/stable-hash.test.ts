import { describe, expect, it } from 'vitest';
import { stableHash } from './stable-hash';

describe('stableHash', () => {
  it('gives the same number for the same key and different numbers for different keys', () => {
    expect(stableHash('/services')).toBe(stableHash('/services'));
    expect(stableHash('/services')).not.toBe(stableHash('/rentals'));
  });

  it('matches the FNV-1a reference value', () => {
    expect(stableHash('a')).toBe(0xe40c292c);
  });
});
