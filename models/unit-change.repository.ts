import mongoose from 'mongoose';
import { storeCall } from './store-call';
import { UnitChangeCollection, type UnitChangeActor, type UnitChangeRecord } from './unit-change.model';

const UNAVAILABLE_MESSAGE = 'The inventory is unavailable right now. Please try again shortly.';

const call = <T>(query: () => Promise<T>) => storeCall(UNAVAILABLE_MESSAGE, query);

/** A unit's change as the service reads it: the actor's staff id as text. */
export interface UnitChange {
  at: Date;
  by: { type: 'staff'; staffId: string; name: string } | { type: 'feed' };
  kind: UnitChangeRecord['kind'];
  field?: string;
  before?: string;
  after?: string;
}

/** How many of a unit's changes its page lists (newest first). */
const HISTORY_LIMIT = 200;

/** The units' change history (unit_changes): appended, never changed. */
export const unitChangeRepository = {
  async record(changes: Array<Omit<UnitChange, 'by'> & { stockNumber: string; by: { type: 'staff'; staffId: string; name: string } | { type: 'feed' } }>): Promise<void> {
    if (changes.length === 0) return;
    const records = changes.map(({ by, ...change }) => ({
      ...change,
      by: (by.type === 'staff' ? { type: 'staff', staffId: new mongoose.Types.ObjectId(by.staffId), name: by.name } : { type: 'feed' }) satisfies UnitChangeActor,
    }));
    await call(() => UnitChangeCollection.insertMany(records));
  },

  /** A unit's changes, newest first (the {stockNumber, at} index, in its order). */
  async ofUnit(stockNumber: string): Promise<UnitChange[]> {
    const records = await call(() => UnitChangeCollection.find({ stockNumber }).sort({ at: -1 }).limit(HISTORY_LIMIT).lean<UnitChangeRecord[]>().exec());
    return records.map(({ at, by, kind, field, before, after }) => ({
      at,
      by: by.type === 'staff' ? { type: 'staff', staffId: String(by.staffId), name: by.name } : { type: 'feed' },
      kind,
      ...(field !== undefined ? { field } : {}),
      ...(before !== undefined ? { before } : {}),
      ...(after !== undefined ? { after } : {}),
    }));
  },
};
