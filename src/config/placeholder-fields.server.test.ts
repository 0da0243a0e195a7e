import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { loadBusinessFile } from './load-business-file.server';
import { placeholderFields } from './placeholder-fields.server';

const launchEnv = { PUBLIC_ORIGIN: 'https://www.capebreezecarts.test' };

describe('sample values a site must not launch with', () => {
  test('the shipped business file names each sample e-mail, website, phone and link', () => {
    expect(placeholderFields(loadBusinessFile(undefined), launchEnv)).toEqual([
      'phone',
      'email',
      'website',
      'financingUrl',
      'showrooms[0].phone',
      'showrooms[0].links.facebook',
      'showrooms[0].links.instagram',
      'showrooms[0].links.reviews',
      'showrooms[1].phone',
      'showrooms[1].links.facebook',
      'showrooms[2].phone',
      'showrooms[2].links.website',
      'showrooms[2].links.reviews',
      'showrooms[3].phone',
      'showrooms[4].phone',
      'showrooms[4].links.instagram',
    ]);
  });

  test("a dealer's own file has none; mail settings and an unset PUBLIC_ORIGIN are checked too", () => {
    const own = loadBusinessFile('test/fixtures/business-custom.json');
    expect(JSON.parse(readFileSync('test/fixtures/business-custom.json', 'utf8')).name).toBe(own.name);
    expect(placeholderFields(own, launchEnv)).toEqual([]);
    expect(placeholderFields(own, { PUBLIC_ORIGIN: 'http://localhost:3000', INQUIRY_TO: 'leads@example.com', MAIL_FROM: 'Web <web@capebreezecarts.test>' })).toEqual([
      'INQUIRY_TO',
      'PUBLIC_ORIGIN',
    ]);
  });
});
