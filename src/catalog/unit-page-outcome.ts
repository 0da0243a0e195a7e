import type { UnitStatus } from './unit-fields';

/** How long a sold unit's page still says "sold" (410, with similar units) before it goes away. */
export const SOLD_PAGE_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What a unit's page answers:
 * - 'show': the unit is available or pending (200);
 * - 'gone': sold less than 30 days ago (410, with links to similar units);
 * - 'redirect-to-model': sold longer ago, and the unit's model has a page (301 there);
 * - 'not-found': sold longer ago, no model page (404).
 * A sold unit without soldAt cannot count its 30 days and is treated as sold long ago.
 */
export function unitPageOutcome(
  unit: { status?: UnitStatus; soldAt?: string | Date | null },
  now: Date,
  { hasModelPage }: { hasModelPage: boolean },
): 'show' | 'gone' | 'redirect-to-model' | 'not-found' {
  if (unit.status !== 'sold') return 'show';
  const soldAt = unit.soldAt ? new Date(unit.soldAt).getTime() : Number.NaN;
  if (now.getTime() - soldAt < SOLD_PAGE_DAYS * DAY_MS) return 'gone';
  return hasModelPage ? 'redirect-to-model' : 'not-found';
}
