import type { StaticHandlerContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { hydrationDataScript } from './hydration-data';

/** What the browser's router reads: the script's content as JSON (views/entry-client.tsx). */
function readBack(script: string): unknown {
  const json = /^<script type="application\/json" id="router-hydration-data">(.*)<\/script>$/s.exec(script)![1]!;
  expect(json).not.toMatch(/[<>&]/);
  return JSON.parse(json);
}

function handlerContext(loaderData: Record<string, unknown>, errors: StaticHandlerContext['errors'] = null): StaticHandlerContext {
  return { loaderData, actionData: null, errors } as StaticHandlerContext;
}

describe('hydrationDataScript', () => {
  const business = { name: 'Shore Golf Carts & Co', tagline: '</script><b>' };
  const townLinks = [{ label: 'Toms River', path: '/toms-river-township-golf-carts', county: 'Ocean' }];

  it('writes the loader data as JSON.stringify does, undefined members left out, with nothing that closes the script', () => {
    const loaderData = { root: { business, townLinks, moment: { year: 2026 } }, 'inventory-page': { vehicles: [{ name: 'A <b>' }], loadError: null }, other: undefined };
    expect(readBack(hydrationDataScript(handlerContext(loaderData)))).toEqual(JSON.parse(JSON.stringify({ loaderData, actionData: null, errors: null })));
  });

  it('writes the site data again when one of its objects is another, and not when they are the same objects', () => {
    const moment = { year: 2026, notice: null };
    const first = readBack(hydrationDataScript(handlerContext({ root: { business, townLinks, moment } }))) as { loaderData: { root: unknown } };
    expect(first.loaderData.root).toEqual({ business, townLinks, moment });
    // A new business moment is a new object (site-content-reader.ts): its JSON is the new one.
    const nextMoment = { year: 2027, notice: 'Closed for the holiday' };
    const next = readBack(hydrationDataScript(handlerContext({ root: { business, townLinks, moment: nextMoment } }))) as { loaderData: { root: unknown } };
    expect(next.loaderData.root).toEqual({ business, townLinks, moment: nextMoment });
    // The same members under other names are another object too.
    const renamed = readBack(hydrationDataScript(handlerContext({ root: { business, towns: townLinks, moment: nextMoment } }))) as { loaderData: { root: unknown } };
    expect(renamed.loaderData.root).toEqual({ business, towns: townLinks, moment: nextMoment });
  });

  it('revives route errors as the browser router expects them', () => {
    const context = handlerContext({ root: { business } }, { 'inventory-page': new TypeError('no catalog') });
    expect((readBack(hydrationDataScript(context)) as { errors: unknown }).errors).toEqual({
      'inventory-page': { message: 'no catalog', __type: 'Error', __subType: 'TypeError' },
    });
  });
});
