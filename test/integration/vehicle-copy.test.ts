import request from 'supertest';
import { expect, test } from 'vitest';
import { useTestApp } from '../support/test-app';

const site = useTestApp();

/** The description line of each vehicle card on a page, as markup. */
async function cardDescriptionHtml(path: string): Promise<string[]> {
  const { text } = await request(site.app).get(path).expect(200);
  return [...text.matchAll(/<article[\s\S]*?<\/article>/g)].flatMap((card) => {
    const description = /<p class="mt-2 text-sm text-ink-600">([\s\S]*?)<\/p>/.exec(card[0])?.[1];
    return description ? [description.replace(/<!-- -->/g, '')] : [];
  });
}

const cardDescriptions = async (path: string) => (await cardDescriptionHtml(path)).map((html) => html.replace(/<[^>]+>/g, ''));

test('vehicle cards end their description at a sentence, or at a whole word with an ellipsis, never inside a figure', async () => {
  for (const path of ['/', '/inventory', '/evolution', '/toms-river-township-golf-carts']) {
    const descriptions = await cardDescriptions(path);
    expect(descriptions.length, path).toBeGreaterThanOrEqual(3);
    for (const description of descriptions) {
      expect(description, path).toMatch(/(\.|[a-z]…)$/);
      expect(description.length, path).toBeLessThanOrEqual(140);
    }
  }
  // A figure range never breaks across lines ("35-" above "45").
  expect((await cardDescriptionHtml('/'))[0]).toContain('<span class="whitespace-nowrap">35-45</span> miles');
  // The examples a shopper saw cut: now whole sentences.
  const home = await cardDescriptions('/');
  expect(home).toEqual([
    'The EVOLUTION D5 Maverick 4 Plus adds range to the four-seat Maverick, with 35-45 miles per charge from its lithium-ion battery.',
    'The EVOLUTION D6 Max GT4 is a four-seat performance cart that reaches 25+ mph.',
    'The DENAGO EV City is a four-seat street-legal electric vehicle, NEV certified for roads with speed limits up to 35 mph.',
  ]);
});

test('the vehicle page names the model year from the catalog', async () => {
  const { body } = await request(site.app).get('/api/vehicles').expect(200);
  const turfman = (body as Array<{ id: string; slug: string; year: number }>).find((vehicle) => vehicle.slug === 'evolution-turfman-1000')!;
  expect(turfman.year).toBe(2025);
  const { text } = await request(site.app).get(`/vehicle/${turfman.id}`).expect(200);
  expect(text).toMatch(/Model Year<\/dt><dd[^>]*>2025<\/dd>/);
});
