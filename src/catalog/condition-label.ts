import type { UnitCondition } from './unit-fields';

/** A unit's condition as a shopper reads it; "certified" is the dealer's inspected, warranted used cart. */
export const CONDITION_LABELS: Record<UnitCondition, string> = { new: 'New', used: 'Used', certified: 'Certified Pre-Owned' };
