import request from 'supertest';
import { expect, test } from 'vitest';
import { textOf } from '../support/page-html';
import { useTestApp } from '../support/test-app';

// A New Jersey dealer writes American English: what a visitor reads (text, labels, alt text,
// page descriptions) and what search engines read (JSON-LD) never has British spellings.

const BRITISH =
  /\b(neighbour\w*|colour\w*|favourite\w*|centre[sd]?|theatre|catalogue[sd]?|organis\w+|recognis\w+|realis(e|ed|ing)|customis\w+|personalis\w+|licence|tyres?|metres?|kilometres?|travell(ed|ing|er)|cancell(ed|ing)|labelled|grey|aluminium|behaviour|honour|labour|enquir\w+|cheque|whilst|amongst|learnt|judgement|ageing|mould|fibre|programme|apologis\w+|utilis\w+|minimis\w+|maximis\w+|optimis\w+|prioritis\w+|summaris\w+|analys(e|ed|ing))\b/gi;

const site = useTestApp();

test('no page shows a British spelling', async () => {
  const { text } = await request(site.app).get('/sitemap.xml').expect(200);
  const paths = [...text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  paths.push('/thank-you', '/no-such-page', '/contact?interest=sales&topic=quote&vehicle=denago-ev-city');
  expect(paths.length).toBeGreaterThan(80);
  const found: string[] = [];
  for (const path of paths) {
    const html = (await request(site.app).get(path)).text;
    const attributes = [...html.matchAll(/\s(?:content|alt|title|aria-label|placeholder)="([^"]*)"/g)].map((match) => match[1]);
    const structured = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) => match[1]);
    for (const match of [textOf(html), ...attributes, ...structured].join(' ').matchAll(BRITISH)) found.push(`${path}: ${match[0]}`);
  }
  expect(found).toEqual([]);
}, 60_000);
