import { describe, expect, test } from 'vitest';
import { safeReturnTo } from './safe-return-to';

describe('where a person goes after signing in', () => {
  test('a staff page they were sent from, with its query', () => {
    expect(safeReturnTo('/staff')).toBe('/staff');
    expect(safeReturnTo('/staff/people/abc?tab=sessions')).toBe('/staff/people/abc?tab=sessions');
    expect(safeReturnTo('/staff?x=1')).toBe('/staff?x=1');
  });

  test('never another site or a public page', () => {
    for (const value of [
      '//evil.example/staff',
      'https://evil.example/staff',
      '/\\evil.example',
      '/staff\\..\\x',
      '/staffing',
      '/',
      '/inventory',
      'staff',
      '/staff/\tx',
      '/staff/\nx',
      '',
      null,
      undefined,
    ]) {
      expect(safeReturnTo(value)).toBeNull();
    }
  });
});
