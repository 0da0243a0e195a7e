import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ConfigError } from './env.server';
import { loadBusinessFile } from './load-business-file.server';

function problemsOf(content: string): string[] {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'business-')), 'business.json');
  writeFileSync(file, content);
  try {
    loadBusinessFile(file);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems.map((line) => line.replace(`BUSINESS_FILE ${file}: `, ''));
  }
  throw new Error('the file was accepted');
}

const shipped = loadBusinessFile(undefined);

describe('the business file', () => {
  test('the shipped seeds/business.json is valid, and a file BUSINESS_FILE names replaces it', () => {
    expect(shipped.name).toBe('Shore Golf Carts');
    expect(shipped.showrooms.map((showroom) => `${showroom.city} (${showroom.county})`)).toEqual([
      'Bayville (Ocean)',
      'Waretown (Ocean)',
      'Pleasantville (Atlantic)',
      'Manahawkin (Ocean)',
      'Cape May Court House (Cape May)',
    ]);
    expect(loadBusinessFile('test/fixtures/business-custom.json').name).toBe('Cape Breeze Carts');
  });

  test('a bad file is refused with one line per problem, each naming its field', () => {
    const bad = {
      ...shipped,
      phone: '609-555-0142',
      financingUrl: 'http://lender.test/apply',
      hours: { ...shipped.hours, monday: { opens: '17:00', closes: '09:00' } },
      holidays: [{ date: '2026-12-25', name: 'Christmas', opens: '09:00' }],
      promotions: [{ id: 'sale', title: 'Sale', text: 'Everything must go.', start: '2027-02-01', end: '2027-01-01' }],
    };
    expect(problemsOf(JSON.stringify(bad))).toEqual([
      'phone: must look like (609) 555-0142',
      'financingUrl: must be an https:// address',
      'hours.monday: opens must be earlier than closes',
      'holidays.0: give both opens and closes, or neither (closed all day)',
      'promotions.0: start must not be after end',
    ]);
    expect(
      problemsOf(JSON.stringify({ ...shipped, showrooms: [shipped.showrooms[0], { ...shipped.showrooms[1], id: 'bayville' }], contactPageShowrooms: ['nowhere'] })),
    ).toEqual(['showrooms.1.id: "bayville" is used by another showroom', 'contactPageShowrooms.0: no showroom has the id "nowhere"']);
  });

  test('a missing field is named as required; a file that is not JSON or cannot be read says so', () => {
    const { email: _email, ...withoutEmail } = shipped;
    expect(problemsOf(JSON.stringify(withoutEmail))).toEqual(['email: is required']);
    expect(problemsOf('{ "name": ')[0]).toMatch(/^not valid JSON/);
    expect(() => loadBusinessFile('/nonexistent/business.json')).toThrow('BUSINESS_FILE /nonexistent/business.json: cannot be read (ENOENT)');
  });
});
