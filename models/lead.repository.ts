import { randomUUID } from 'node:crypto';
import mongoose, { type Types } from 'mongoose';
import type { Interest } from '../src/contact/interest';
import type { LeadAssignmentMode, LeadStatus } from '../src/leads/leads';
import { prefixPattern } from '../src/leads/lead-search';
import { InquiryCollection, type InquiryRecord, type StoredLead, type StoredLeadChange } from './inquiry.model';
import { LeadSettingsCollection, type LeadSettingsRecord } from './lead-settings.model';
import { objectIdOf } from './object-id';
import { StaffCollection } from './staff.model';
import { storeCall } from './store-call';

const UNAVAILABLE_MESSAGE = 'The leads inbox cannot reach its database right now. Please try again in a few minutes.';

const call = <T>(query: () => Promise<T>) => storeCall(UNAVAILABLE_MESSAGE, query);

/** An inquiry with its lead state, as the inbox reads it. */
export type LeadRecord = InquiryRecord & { lead: StoredLead };

/**
 * Which leads a list, a count or an export is about (all ANDed; every one optional). The service
 * turns the inbox's filter into this; the repository turns it into a filter each index answers.
 */
export interface LeadQuery {
  status?: LeadStatus;
  /** Only new leads past due at this moment. */
  overdueAt?: Date;
  /** A staff id, or null for unassigned leads. */
  assigneeId?: string | null;
  interest?: Interest;
  showroom?: string;
  /** Received at or after. */
  receivedFrom?: Date;
  /** Received before. */
  receivedBefore?: Date;
  /** A prefix of a stored search key (src/leads/lead-search.ts). */
  searchPrefix?: string;
}

/** What the list shows of each lead: everything but the message's neighbours it does not need (notes, history). */
const LISTING_FIELDS = {
  _id: 0,
  id: 1,
  firstName: 1,
  lastName: 1,
  email: 1,
  phone: 1,
  interest: 1,
  prefill: 1,
  vehicleOfInterest: 1,
  createdAt: 1,
  'lead.status': 1,
  'lead.assigneeId': 1,
  'lead.dueAt': 1,
  'lead.showroom': 1,
  'lead.firstResponse': 1,
} as const;

/** A listed lead: the inquiry without its message, source, deliveries, notes and history. */
export type LeadListRecord = Pick<InquiryRecord, 'id' | 'firstName' | 'lastName' | 'email' | 'phone' | 'interest' | 'prefill' | 'vehicleOfInterest' | 'createdAt'> & {
  lead: Pick<StoredLead, 'status' | 'assigneeId' | 'dueAt' | 'showroom' | 'firstResponse'>;
};

/**
 * How many inquiries match, by the `count` command: the store counts a filter its index answers
 * exactly in the index, reading no inquiry. (Mongoose's countDocuments is an aggregation, whose
 * `$group` reads every matching document.)
 */
async function countOf(filter: Record<string, unknown>): Promise<number> {
  const answer = await call(() => InquiryCollection.db.db!.command({ count: InquiryCollection.collection.collectionName, query: filter }));
  return Number(answer.n);
}

/** The most inquiries a search reads (the newest); a search finding more asks for a longer one. */
export const SEARCH_MATCH_LIMIT = 1_000;

/** An id that names no staff member matches nothing (a stored assignee is always an ObjectId). */
const NO_STAFF = '000000000000000000000000';

/**
 * The conditions of a query, each on a field one of the inquiry indexes leads with
 * (models/inquiry.model.ts). Operators are built here, so they are marked trusted past
 * sanitizeFilter; a missing assignee is `$exists: false`, which a non-sparse index reads as its
 * null key (a `null` on a dotted field would read every entry).
 */
function conditionsOf(query: LeadQuery): Record<string, unknown> {
  const received = {
    ...(query.receivedFrom ? { $gte: query.receivedFrom } : {}),
    ...(query.receivedBefore ? { $lt: query.receivedBefore } : {}),
  };
  return {
    // An inquiry stored before the inbox has no lead state until the start-up backfill gives it one.
    ...(query.status ? { 'lead.status': query.status } : { 'lead.status': mongoose.trusted({ $exists: true }) }),
    ...(query.overdueAt ? { 'lead.status': 'new', 'lead.dueAt': mongoose.trusted({ $lte: query.overdueAt }) } : {}),
    ...(query.assigneeId === null
      ? { 'lead.assigneeId': mongoose.trusted({ $exists: false }) }
      : query.assigneeId !== undefined
        ? { 'lead.assigneeId': objectIdOf(query.assigneeId) ?? objectIdOf(NO_STAFF) }
        : {}),
    ...(query.interest ? { interest: query.interest } : {}),
    ...(query.showroom ? { 'lead.showroom': query.showroom } : {}),
    ...(Object.keys(received).length > 0 ? { createdAt: mongoose.trusted(received) } : {}),
    ...(query.searchPrefix ? { 'lead.searchKeys': mongoose.trusted({ $regex: prefixPattern(query.searchPrefix) }) } : {}),
  };
}

/** Whether a query can find new leads at all (a status other than new finds none past due). */
const canBeOverdue = (query: LeadQuery) => query.status === undefined || query.status === 'new';

/**
 * The list's two reads: the new leads past due (null when the query can find none), and every
 * other lead, whose exclusion of the first part's is checked on the documents read in `createdAt`
 * order, so a page stops after its rows. With `exactKey` (a search whose every match has that
 * search key), both read the search keys' indexes by equality, {searchKeys, status, dueAt} and
 * {searchKeys, createdAt}, each in the order it needs, and the query's other conditions go inside
 * an `$or` of one branch, which the store's planner does not read through an index, so a common
 * surname does not have every new lead read in due order instead.
 */
function listFilters(query: LeadQuery, now: Date, exactKey?: string): { overdue: Record<string, unknown> | null; rest: Record<string, unknown> } {
  const overdueAt = query.overdueAt ?? now;
  const findsOverdue = canBeOverdue(query) || query.overdueAt !== undefined;
  const notOverdue = canBeOverdue(query) ? { $nor: [{ 'lead.status': 'new', 'lead.dueAt': mongoose.trusted({ $lte: now }) }] } : {};
  if (exactKey === undefined) {
    return { overdue: findsOverdue ? conditionsOf({ ...query, overdueAt }) : null, rest: { ...conditionsOf(query), ...notOverdue } };
  }
  const others = conditionsOf({ ...query, searchPrefix: undefined });
  return {
    overdue: findsOverdue ? { 'lead.searchKeys': exactKey, 'lead.status': 'new', 'lead.dueAt': mongoose.trusted({ $lte: overdueAt }), $or: [others] } : null,
    rest: { 'lead.searchKeys': exactKey, $or: [others], ...notOverdue },
  };
}

/**
 * Whether every inquiry a search prefix finds has the prefix itself as a key ("smith" finds no
 * "smithson"): then the search reads by equality, in index order. Two counts in the index.
 */
async function isWholeKey(prefix: string): Promise<boolean> {
  const [inRange, equal] = await Promise.all([countOf({ 'lead.searchKeys': { $regex: prefixPattern(prefix) } }), countOf({ 'lead.searchKeys': prefix })]);
  return inRange === equal;
}

/**
 * The leads a search finds, in the list's order (overdue first, longest overdue first, then newest
 * first), at most the newest SEARCH_MATCH_LIMIT. The query's other conditions go inside an `$or`
 * of one branch, which the store's planner does not read through an index, so it reads the search
 * keys' index (the most selective condition: a name, an address or a phone) rather than, say,
 * every new lead in due order, and checks the rest on the few inquiries found.
 */
async function searchMatches<T extends LeadListRecord>(query: LeadQuery, now: Date, projection: object | undefined): Promise<T[]> {
  const { 'lead.searchKeys': search, ...others } = conditionsOf(query);
  const found = await call(() =>
    InquiryCollection.find({ 'lead.searchKeys': search, $or: [others] } as Record<string, unknown>, projection)
      .sort({ createdAt: -1 })
      .limit(SEARCH_MATCH_LIMIT)
      .lean<T[]>()
      .exec(),
  );
  const overdue = (lead: LeadListRecord) => lead.lead.status === 'new' && lead.lead.dueAt.getTime() <= now.getTime();
  return [...found.filter(overdue).sort((a, b) => a.lead.dueAt.getTime() - b.lead.dueAt.getTime()), ...found.filter((lead) => !overdue(lead))];
}

/** A staff member named by id, as stored. */
function staffObjectId(id: string): Types.ObjectId {
  const objectId = objectIdOf(id);
  if (!objectId) throw new Error('a staff id must be a 24-digit hex ObjectId');
  return objectId;
}

/**
 * A conditional update's filter: the lead by its id, and the state the change was decided on
 * inside an `$or` of one branch, so the store reads the unique id index rather than, say, every
 * lead of that assignee in that status.
 */
const leadAsDecided = (id: string, decidedOn: Record<string, unknown>) => ({ id, $or: [decidedOn] });

/** The conditional update's filter on the assignee a change was decided on. */
const assigneeIs = (assigneeId: string | undefined) =>
  assigneeId === undefined ? { 'lead.assigneeId': mongoose.trusted({ $exists: false }) } : { 'lead.assigneeId': staffObjectId(assigneeId) };

/** One change in the history, as stored. */
export type LeadChangeEntry = Omit<StoredLeadChange, 'byId' | 'at'> & { byId?: string };

function storedChange({ byId, ...entry }: LeadChangeEntry, at: Date): StoredLeadChange {
  return { ...entry, at, ...(byId ? { byId: staffObjectId(byId) } : {}) };
}

/**
 * The leads (the lead state on each inquiry in contact_forms) and their settings: every Mongoose
 * call of the inbox. Changes are single-document updates conditional on the state they were
 * decided on (status and assignee), each appending its history entry in the same update, so two
 * people acting at once never record over each other: the later one matches nothing and the
 * service reads again.
 */
export const leadRepository = {
  /**
   * A page of the list: new leads past due first (longest overdue first, from the {status, dueAt}
   * index), then every other lead newest first (from an index whose order is createdAt after the
   * query's equality). Reads `limit` + 1 rows at most from each, to tell whether a page follows.
   */
  async page(query: LeadQuery, { now, skip, limit }: { now: Date; skip: number; limit: number }): Promise<{ records: LeadListRecord[]; hasNext: boolean }> {
    if (query.searchPrefix && !(await isWholeKey(query.searchPrefix))) {
      const found = await searchMatches<LeadListRecord>(query, query.overdueAt ?? now, LISTING_FIELDS);
      return { records: found.slice(skip, skip + limit), hasNext: found.length > skip + limit };
    }
    const filters = listFilters(query, now, query.searchPrefix);
    const want = limit + 1;
    let overdue: LeadListRecord[] = [];
    let overdueBefore = 0;
    if (filters.overdue) {
      const overdueFilter = filters.overdue;
      overdue = await call(() => InquiryCollection.find(overdueFilter, LISTING_FIELDS).sort({ 'lead.dueAt': 1 }).skip(skip).limit(want).lean<LeadListRecord[]>().exec());
      if (overdue.length >= want || query.overdueAt) return { records: overdue.slice(0, limit), hasNext: overdue.length > limit };
      // Every overdue lead is on this page or an earlier one: how many there are (counted only when this page shows none).
      overdueBefore = overdue.length > 0 || skip === 0 ? skip + overdue.length : await countOf(overdueFilter);
    }
    const rest = await call(() =>
      InquiryCollection.find(filters.rest, LISTING_FIELDS)
        .sort({ createdAt: -1 })
        .skip(Math.max(skip - overdueBefore, 0))
        .limit(want - overdue.length)
        .lean<LeadListRecord[]>()
        .exec(),
    );
    const records = [...overdue, ...rest];
    return { records: records.slice(0, limit), hasNext: records.length > limit };
  },

  /** The whole list in the page's order (overdue first), up to `limit` leads: for an export. */
  async all(query: LeadQuery, { now, limit }: { now: Date; limit: number }): Promise<LeadRecord[]> {
    if (query.searchPrefix && !(await isWholeKey(query.searchPrefix))) {
      return (await searchMatches<LeadRecord>(query, query.overdueAt ?? now, undefined)).slice(0, limit);
    }
    const filters = listFilters(query, now, query.searchPrefix);
    const overdueFilter = filters.overdue;
    const overdue = overdueFilter ? await call(() => InquiryCollection.find(overdueFilter).sort({ 'lead.dueAt': 1 }).limit(limit).lean<LeadRecord[]>().exec()) : [];
    if (query.overdueAt || overdue.length >= limit) return overdue;
    const rest = await call(() =>
      InquiryCollection.find(filters.rest)
        .sort({ createdAt: -1 })
        .limit(limit - overdue.length)
        .lean<LeadRecord[]>()
        .exec(),
    );
    return [...overdue, ...rest];
  },

  /** One lead with everything stored about it, or null. */
  find(id: string): Promise<LeadRecord | null> {
    return call(() =>
      InquiryCollection.findOne({ id, 'lead.status': mongoose.trusted({ $exists: true }) })
        .lean<LeadRecord>()
        .exec(),
    );
  },

  /** Other inquiries with one of these e-mail or phone keys (equal search keys), newest first. */
  async related(id: string, keys: string[], limit: number): Promise<LeadListRecord[]> {
    if (keys.length === 0) return [];
    const records = await call(() =>
      InquiryCollection.find({ 'lead.searchKeys': mongoose.trusted({ $in: keys }), id: mongoose.trusted({ $ne: id }) }, LISTING_FIELDS)
        .sort({ createdAt: -1 })
        .limit(limit)
        .lean<LeadListRecord[]>()
        .exec(),
    );
    return records;
  },

  /** New leads in the whole inbox. Counted in the {status, dueAt} index. */
  countNew(): Promise<number> {
    return countOf({ 'lead.status': 'new' });
  },

  /** New leads past due at `now`. Counted in the {status, dueAt} index. */
  countOverdue(now: Date): Promise<number> {
    return countOf(conditionsOf({ overdueAt: now }));
  },

  /** Leads received since a moment, spam left out: two counts in the createdAt and {status, createdAt} indexes. */
  async countReceivedSince(since: Date): Promise<number> {
    const [all, spam] = await Promise.all([countOf({ createdAt: { $gte: since } }), countOf({ 'lead.status': 'spam', createdAt: { $gte: since } })]);
    return all - spam;
  },

  /** The lead state of the leads received since a moment (a week's: few), for the dashboard's figures. */
  receivedSince(since: Date): Promise<Array<{ lead: Pick<StoredLead, 'status' | 'dueAt' | 'firstResponse'> }>> {
    return call(() =>
      InquiryCollection.find({ createdAt: mongoose.trusted({ $gte: since }) }, { _id: 0, 'lead.status': 1, 'lead.dueAt': 1, 'lead.firstResponse': 1 })
        .lean<Array<{ lead: Pick<StoredLead, 'status' | 'dueAt' | 'firstResponse'> }>>()
        .exec(),
    );
  },

  /**
   * Moves a lead from `from` to `to` if it still has that status and assignee. With `firstResponse`,
   * the response is recorded only while none is (two people answering at once record one); with
   * `take`, the unassigned lead becomes the person's. Resolves with whether it changed.
   */
  async changeStatus(
    id: string,
    change: {
      from: LeadStatus;
      to: LeadStatus;
      assigneeId: string | undefined;
      byId: string;
      at: Date;
      firstResponse?: { businessSeconds: number };
      take?: boolean;
    },
  ): Promise<boolean> {
    const history: StoredLeadChange[] = [storedChange({ change: 'status', from: change.from, to: change.to, byId: change.byId }, change.at)];
    if (change.take) history.push(storedChange({ change: 'assignee', to: change.byId, byId: change.byId }, change.at));
    const result = await call(() =>
      InquiryCollection.updateOne(
        leadAsDecided(id, {
          'lead.status': change.from,
          ...assigneeIs(change.assigneeId),
          ...(change.firstResponse ? { 'lead.firstResponse': mongoose.trusted({ $exists: false }) } : {}),
        }),
        {
          $set: {
            'lead.status': change.to,
            ...(change.firstResponse
              ? { 'lead.firstResponse': { at: change.at, byId: staffObjectId(change.byId), businessSeconds: change.firstResponse.businessSeconds } }
              : {}),
            ...(change.take ? { 'lead.assigneeId': staffObjectId(change.byId) } : {}),
          },
          $push: { 'lead.history': { $each: history } },
        },
      ).exec(),
    );
    return result.modifiedCount === 1;
  },

  /** Gives the lead to a staff member (or nobody) if its assignee is still `from`. */
  async assign(id: string, change: { from: string | undefined; to: string | null; byId: string; at: Date }): Promise<boolean> {
    const entry = storedChange(
      { change: 'assignee', ...(change.from ? { from: change.from } : {}), ...(change.to ? { to: change.to } : {}), byId: change.byId },
      change.at,
    );
    const result = await call(() =>
      InquiryCollection.updateOne(leadAsDecided(id, { 'lead.status': mongoose.trusted({ $exists: true }), ...assigneeIs(change.from) }), {
        ...(change.to ? { $set: { 'lead.assigneeId': staffObjectId(change.to) } } : { $unset: { 'lead.assigneeId': 1 } }),
        $push: { 'lead.history': entry },
      }).exec(),
    );
    return result.modifiedCount === 1;
  },

  /** Adds a note if the lead's assignee is still `assigneeId`; resolves with the note's id, or null. */
  async addNote(id: string, note: { text: string; byId: string; at: Date; assigneeId: string | undefined }): Promise<string | null> {
    const noteId = randomUUID();
    const result = await call(() =>
      InquiryCollection.updateOne(
        leadAsDecided(id, { 'lead.status': mongoose.trusted({ $exists: true }), ...assigneeIs(note.assigneeId) }),
        { $push: { 'lead.notes': { id: noteId, at: note.at, byId: staffObjectId(note.byId), text: note.text } } },
        { runValidators: true },
      ).exec(),
    );
    return result.modifiedCount === 1 ? noteId : null;
  },

  /** Records in the history that an e-mail of the lead was put back in the outbox. */
  async recordResent(id: string, entry: { delivery: string; byId: string; at: Date }): Promise<void> {
    await call(() =>
      InquiryCollection.updateOne({ id }, { $push: { 'lead.history': storedChange({ change: 'resent', delivery: entry.delivery, byId: entry.byId }, entry.at) } }).exec(),
    );
  },

  /** Inquiries stored before the inbox, which have no lead state yet (read in the {status, dueAt} index as its null key). */
  withoutLead(limit: number): Promise<InquiryRecord[]> {
    return call(() =>
      InquiryCollection.find({ 'lead.status': mongoose.trusted({ $exists: false }) })
        .limit(limit)
        .lean<InquiryRecord[]>()
        .exec(),
    );
  },

  /** Gives each inquiry its lead state, unless it got one meanwhile; resolves with how many were given one. */
  async setLeadStates(states: Array<{ id: string; lead: StoredLead }>): Promise<number> {
    if (states.length === 0) return 0;
    const result = await call(() =>
      InquiryCollection.bulkWrite(
        states.map(({ id, lead }) => ({
          updateOne: { filter: { id, 'lead.status': mongoose.trusted({ $exists: false }) }, update: { $set: { lead } } },
        })),
        { ordered: false },
      ),
    );
    return result.modifiedCount;
  },

  async settings(): Promise<{ assignment: LeadAssignmentMode }> {
    const record = await call(() => LeadSettingsCollection.findById('leads').lean<LeadSettingsRecord>().exec());
    return { assignment: record?.assignment ?? 'manual' };
  },

  async saveSettings(settings: { assignment: LeadAssignmentMode }, now: Date): Promise<void> {
    await call(() =>
      LeadSettingsCollection.updateOne({ _id: 'leads' }, { $set: { assignment: settings.assignment, updatedAt: now } }, { upsert: true, runValidators: true }).exec(),
    );
  },

  /**
   * The active sales account whose turn it is (the one given a lead longest ago, or never), marked
   * as given one now. The mark is conditional on the turn it read, so two inquiries arriving at once
   * go to two people; resolves with the staff id, or null when there is no active sales account.
   */
  async takeRoundRobinTurn(now: Date): Promise<string | null> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const next = await call(() =>
        StaffCollection.findOne({ status: 'active', role: 'sales' }, { _id: 1, leadTurnAt: 1 })
          .sort({ leadTurnAt: 1, createdAt: 1 })
          .lean<{ _id: Types.ObjectId; leadTurnAt?: Date }>()
          .exec(),
      );
      if (!next) return null;
      const turn = next.leadTurnAt ? { leadTurnAt: next.leadTurnAt } : { leadTurnAt: mongoose.trusted({ $exists: false }) };
      const result = await call(() => StaffCollection.updateOne({ _id: next._id, status: 'active', ...turn }, { $set: { leadTurnAt: now } }).exec());
      if (result.modifiedCount === 1) return next._id.toHexString();
    }
    return null;
  },
};
