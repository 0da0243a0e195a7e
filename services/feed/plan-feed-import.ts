import type { UnitStatus } from '../../src/catalog/unit-fields';

/** A unit the catalog already holds, as the plan needs it. */
export interface StoredUnit {
  stockNumber: string;
  status: UnitStatus;
  soldAt?: string;
  /** The stored content in a fixed form (the same function as for incoming units), so equal compares equal. */
  fingerprint: string;
}

export interface FeedImportOptions<Unit> {
  /** A full feed lists every unit the dealer has: a stored unit missing from it has been sold. */
  full: boolean;
  now: Date;
  fingerprint: (unit: Unit & { soldAt?: string }) => string;
}

export interface FeedImportPlan<Unit> {
  /** New stock numbers, to insert. */
  create: (Unit & { soldAt?: string })[];
  /** Known stock numbers whose content changed, to rewrite (soldAt set or cleared as their status says). */
  update: (Unit & { soldAt?: string })[];
  /** Units of a full feed's dealer that the feed no longer lists: mark them sold at soldAt. */
  markSold: { stockNumber: string; soldAt: string }[];
  /** What to print: units that became sold by this import (either way) count as sold, not updated. */
  counts: { created: number; updated: number; sold: number; unchanged: number };
}

/**
 * Decides what a feed import writes, by stock number, before it writes anything. A unit is sold
 * from the moment an import first sees it sold (its status says so, or a full feed no longer lists
 * it), and keeps that moment however often the feed is imported again, so its page's 30 days of
 * 410 are counted from the sale. A unit back on sale loses its sale date. Importing the same feed
 * twice plans nothing the second time.
 */
export function planFeedImport<Unit extends { stockNumber: string; status: UnitStatus }>(
  incoming: Unit[],
  stored: StoredUnit[],
  options: FeedImportOptions<Unit>,
): FeedImportPlan<Unit> {
  const now = options.now.toISOString();
  const byStockNumber = new Map(stored.map((unit) => [unit.stockNumber, unit]));
  const plan: FeedImportPlan<Unit> = { create: [], update: [], markSold: [], counts: { created: 0, updated: 0, sold: 0, unchanged: 0 } };
  const listed = new Set<string>();

  for (const unit of incoming) {
    listed.add(unit.stockNumber);
    const before = byStockNumber.get(unit.stockNumber);
    const soldAt = unit.status !== 'sold' ? undefined : before?.status === 'sold' && before.soldAt ? before.soldAt : now;
    const planned = soldAt === undefined ? { ...unit } : { ...unit, soldAt };
    if (!before) {
      plan.create.push(planned);
      plan.counts.created += 1;
    } else if (options.fingerprint(planned) === before.fingerprint) {
      plan.counts.unchanged += 1;
    } else {
      plan.update.push(planned);
      if (unit.status === 'sold' && before.status !== 'sold') plan.counts.sold += 1;
      else plan.counts.updated += 1;
    }
  }

  if (options.full) {
    for (const unit of stored) {
      if (listed.has(unit.stockNumber) || unit.status === 'sold') continue;
      plan.markSold.push({ stockNumber: unit.stockNumber, soldAt: now });
      plan.counts.sold += 1;
    }
  }
  return plan;
}
