import { describe, expect, it } from 'vitest';
import { yearsInBusiness } from './years-in-business';

describe('yearsInBusiness', () => {
  it('counts whole years since 2010', () => {
    expect(yearsInBusiness(2010, new Date('2026-11-21T12:00:00Z'))).toBe('16+');
    expect(yearsInBusiness(2010, new Date('2030-06-01T12:00:00Z'))).toBe('20+');
  });
});
