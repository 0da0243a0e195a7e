import { describe, expect, it } from 'vitest';
import type { UnitStatus } from '../../src/catalog/unit-fields';
import { planFeedImport, type StoredUnit } from './plan-feed-import';

interface Unit {
  stockNumber: string;
  status: UnitStatus;
  price: number;
}
type Held = Unit & { soldAt?: string };

const fingerprint = ({ stockNumber, status, price, soldAt }: Held) => JSON.stringify([stockNumber, status, price, soldAt ?? null]);
const unit = (stockNumber: string, price = 9000, status: UnitStatus = 'available'): Unit => ({ stockNumber, status, price });

/** A catalog in memory: what an import leaves behind, to import again. */
class Catalog {
  readonly units = new Map<string, Held>();

  import(feed: Unit[], { full = false, now = new Date('2026-07-01T12:00:00Z') } = {}) {
    const stored: StoredUnit[] = [...this.units.values()].map((held) => ({ ...held, fingerprint: fingerprint(held) }));
    const plan = planFeedImport(feed, stored, { full, now, fingerprint });
    for (const held of [...plan.create, ...plan.update]) this.units.set(held.stockNumber, held);
    for (const { stockNumber, soldAt } of plan.markSold) this.units.set(stockNumber, { ...this.units.get(stockNumber)!, status: 'sold', soldAt });
    return plan.counts;
  }
}

describe('planFeedImport', () => {
  it('creates new stock numbers, updates changed ones and leaves the rest; a second run changes nothing', () => {
    const catalog = new Catalog();
    expect(catalog.import([unit('U1'), unit('U2')])).toEqual({ created: 2, updated: 0, sold: 0, unchanged: 0 });
    expect(catalog.import([unit('U1', 8500), unit('U2'), unit('U3')])).toEqual({ created: 1, updated: 1, sold: 0, unchanged: 1 });
    expect(catalog.import([unit('U1', 8500), unit('U2'), unit('U3')])).toEqual({ created: 0, updated: 0, sold: 0, unchanged: 3 });
    expect(catalog.units.get('U1')).toEqual(unit('U1', 8500));
  });

  it('marks units a full feed no longer lists as sold, once, with the time of that import', () => {
    const catalog = new Catalog();
    catalog.import([unit('U1'), unit('U2'), unit('U3')]);
    const soldDay = new Date('2026-07-02T09:00:00Z');
    expect(catalog.import([unit('U1'), unit('U3')], { full: true, now: soldDay })).toEqual({ created: 0, updated: 0, sold: 1, unchanged: 2 });
    expect(catalog.units.get('U2')).toEqual({ ...unit('U2', 9000, 'sold'), soldAt: '2026-07-02T09:00:00.000Z' });

    // The next day's full feed: nothing to do, and the sale keeps its date (the 410 counts from it).
    expect(catalog.import([unit('U1'), unit('U3')], { full: true, now: new Date('2026-07-03T09:00:00Z') })).toEqual({ created: 0, updated: 0, sold: 0, unchanged: 2 });
    expect(catalog.units.get('U2')?.soldAt).toBe('2026-07-02T09:00:00.000Z');
  });

  it('leaves units missing from a partial feed as they are', () => {
    const catalog = new Catalog();
    catalog.import([unit('U1'), unit('U2')]);
    expect(catalog.import([unit('U1')])).toEqual({ created: 0, updated: 0, sold: 0, unchanged: 1 });
    expect(catalog.units.get('U2')?.status).toBe('available');
  });

  it('dates a sale the feed itself reports, keeps that date, and drops it when the unit is back on sale', () => {
    const catalog = new Catalog();
    catalog.import([unit('U1')]);
    expect(catalog.import([unit('U1', 9000, 'sold')], { now: new Date('2026-07-05T10:00:00Z') })).toEqual({ created: 0, updated: 0, sold: 1, unchanged: 0 });
    expect(catalog.import([unit('U1', 9000, 'sold')], { now: new Date('2026-07-09T10:00:00Z') })).toEqual({ created: 0, updated: 0, sold: 0, unchanged: 1 });
    expect(catalog.units.get('U1')?.soldAt).toBe('2026-07-05T10:00:00.000Z');

    // The buyer backed out.
    expect(catalog.import([unit('U1')])).toEqual({ created: 0, updated: 1, sold: 0, unchanged: 0 });
    expect(catalog.units.get('U1')).toEqual(unit('U1'));
  });

  it('dates a unit that arrives already sold at the import that first sees it', () => {
    const catalog = new Catalog();
    expect(catalog.import([unit('U9', 5000, 'sold')], { now: new Date('2026-07-05T10:00:00Z') })).toEqual({ created: 1, updated: 0, sold: 0, unchanged: 0 });
    expect(catalog.units.get('U9')?.soldAt).toBe('2026-07-05T10:00:00.000Z');
  });
});
