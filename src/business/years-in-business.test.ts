import { describe, expect, it } from 'vitest';
import { yearsInBusiness } from './years-in-business';

describe('yearsInBusiness', () => {
  it('counts whole years since 2010', () => {
    expect(yearsInBusiness(2010, 2026)).toBe('16+');
    expect(yearsInBusiness(2010, 2030)).toBe('20+');
  });
});
