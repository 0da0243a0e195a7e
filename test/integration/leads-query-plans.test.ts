import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { InquiryCollection } from '../../models/inquiry.model';
import { leadRepository, type LeadQuery } from '../../models/lead.repository';
import { leadSearchKeys, leadSearchPrefix } from '../../src/leads/lead-search';
import { startTestDatabase, type TestDatabase } from '../support/test-database';

// The inbox's reads at scale (issue 23): each must read an index, and a page must read it in the
// order the page wants, so that it stops after its rows instead of sorting every inquiry. Checked
// with the store's explain on the very commands the repository sends.

let database: TestDatabase;
const now = new Date('2026-06-10T14:00:00Z');

beforeAll(async () => {
  database = await startTestDatabase();
  await InquiryCollection.init();
  const statuses = ['new', 'contacted', 'qualified', 'won', 'lost', 'spam'] as const;
  await InquiryCollection.insertMany(
    Array.from({ length: 120 }, (_, n) => {
      const contact = { firstName: `First${n}`, lastName: `Last${n % 7}`, email: `buyer${n}@example.com`, phone: `(609) 555-${String(1000 + n)}` };
      const createdAt = new Date(now.getTime() - n * 3_600_000);
      return {
        ...contact,
        interest: n % 3 === 0 ? 'service' : 'sales',
        message: 'Is the blue four-seater still there?',
        createdAt,
        notification: { status: 'sent', attempts: 1, nextAttemptAt: createdAt },
        lead: {
          status: statuses[n % statuses.length],
          dueAt: new Date(createdAt.getTime() + 3_600_000),
          ...(n % 2 === 0 ? { showroom: 'bayville' } : {}),
          ...(n % 4 === 1 ? { assigneeId: new mongoose.Types.ObjectId() } : {}),
          searchKeys: leadSearchKeys(contact),
          history: [],
          notes: [],
        },
      };
    }),
  );
});
afterAll(async () => {
  mongoose.set('debug', false);
  await database?.close();
});

interface SentCommand {
  method: string;
  filter: Record<string, unknown>;
  options: { sort?: Record<string, number>; limit?: number; skip?: number };
}

/** The commands a repository call sends to contact_forms, as the driver gets them. */
async function sentBy(call: () => Promise<unknown>): Promise<SentCommand[]> {
  const sent: SentCommand[] = [];
  mongoose.set('debug', (collection: string, method: string, filter: Record<string, unknown>, ...rest: unknown[]) => {
    if (collection !== 'contact_forms') return;
    const options = rest[0] as SentCommand['options'] | undefined;
    sent.push({ method, filter, options: options ?? {} });
  });
  // Counts go to the store as the count command, past Mongoose's debug hook.
  const db = mongoose.connection.db!;
  const command = db.command.bind(db);
  db.command = ((document: Record<string, unknown>, ...rest: unknown[]) => {
    if (document.count === 'contact_forms') sent.push({ method: 'count', filter: document.query as Record<string, unknown>, options: {} });
    return (command as (...args: unknown[]) => unknown)(document, ...rest);
  }) as typeof db.command;
  try {
    await call();
  } finally {
    mongoose.set('debug', false);
    db.command = command;
  }
  return sent;
}

/** The store's explain of a sent find or count. */
async function explain(command: SentCommand): Promise<{ winningPlan: Record<string, unknown>; usesIndex: boolean; countWithoutDocuments?: boolean }> {
  const { sort, limit, skip } = command.options;
  const explained =
    command.method === 'count'
      ? await mongoose.connection.db!.command({ explain: { count: 'contact_forms', query: command.filter } })
      : await mongoose.connection.db!.command({ explain: { find: 'contact_forms', filter: command.filter, sort, limit, skip } });
  // mongod's answer nests the plan in queryPlanner; the embedded store adds its own fields beside it.
  return { ...explained, ...explained.queryPlanner } as never;
}

/** The index a plan reads and whether it reads it in the sort's order (no sort of the matches in memory). */
function indexRead(plan: Record<string, unknown>): { indexName?: string; ordered: boolean; sortInMemory: boolean } {
  const sortInMemory = plan.stage === 'SORT';
  const fetch = (sortInMemory ? plan.inputStage : plan) as Record<string, unknown>;
  const scan = fetch.inputStage as Record<string, unknown>;
  return { indexName: scan.indexName as string | undefined, ordered: scan.keyOrderIsSortOrder === true, sortInMemory };
}

const pageOf = (query: LeadQuery) => sentBy(() => leadRepository.page(query, { now, skip: 0, limit: 25 }));

describe("the inbox's reads", () => {
  test('the first page: overdue leads from {status, dueAt} in due order, then the rest from createdAt newest first', async () => {
    const [overdue, rest] = await pageOf({});
    expect(indexRead((await explain(overdue!)).winningPlan)).toEqual({ indexName: 'lead.status_1_lead.dueAt_1', ordered: true, sortInMemory: false });
    expect(indexRead((await explain(rest!)).winningPlan)).toEqual({ indexName: 'createdAt_-1', ordered: true, sortInMemory: false });
  });

  test.each<[string, LeadQuery, string]>([
    ['status', { status: 'contacted' }, 'lead.status_1_createdAt_-1'],
    ['assignee', { assigneeId: new mongoose.Types.ObjectId().toHexString() }, 'lead.assigneeId_1_createdAt_-1'],
    ['no assignee', { assigneeId: null }, 'lead.assigneeId_1_createdAt_-1'],
    ['kind', { interest: 'service' }, 'interest_1_createdAt_-1'],
    ['showroom', { showroom: 'bayville' }, 'lead.showroom_1_createdAt_-1'],
    ['dates', { receivedFrom: new Date('2026-06-01T04:00:00Z'), receivedBefore: new Date('2026-06-08T04:00:00Z') }, 'createdAt_-1'],
  ])('a page filtered by %s reads its index in createdAt order', async (_name, query, indexName) => {
    const sent = await pageOf(query);
    const rest = sent.at(-1)!;
    expect(indexRead((await explain(rest)).winningPlan)).toEqual({ indexName, ordered: true, sortInMemory: false });
  });

  test.each<[string, LeadQuery]>([
    ['buyer1', { status: 'new' }],
    ['(609) 555-10', { assigneeId: null, interest: 'sales' }],
    ['first1', { showroom: 'bayville' }],
  ])('a search for the prefix %j reads the search keys in one key range, whatever else filters', async (typed, filter) => {
    const sent = (await pageOf({ ...filter, searchPrefix: leadSearchPrefix(typed)! })).filter((command) => command.method === 'find');
    expect(sent).toHaveLength(1);
    const explained = await explain(sent[0]!);
    expect(explained.usesIndex).toBe(true);
    expect(indexRead(explained.winningPlan).indexName).toBe('lead.searchKeys_1_createdAt_-1');
  });

  test.each<[string, LeadQuery]>([
    ['last3', {}],
    ['1017', { interest: 'sales' }],
  ])('a search for the whole key %j reads the search keys by equality, each part in its order', async (typed, filter) => {
    const sent = await pageOf({ ...filter, searchPrefix: leadSearchPrefix(typed)! });
    const finds = sent.filter((command) => command.method === 'find');
    expect(finds).toHaveLength(2);
    expect(indexRead((await explain(finds[0]!)).winningPlan)).toEqual({ indexName: 'lead.searchKeys_1_lead.status_1_lead.dueAt_1', ordered: true, sortInMemory: false });
    expect(indexRead((await explain(finds[1]!)).winningPlan)).toEqual({ indexName: 'lead.searchKeys_1_createdAt_-1', ordered: true, sortInMemory: false });
    for (const count of sent.filter((command) => command.method === 'count')) expect((await explain(count)).countWithoutDocuments).toBe(true);
  });

  test('a conditional change reads the lead by its id', async () => {
    const lead = await InquiryCollection.findOne({ 'lead.status': 'contacted', 'lead.assigneeId': mongoose.trusted({ $exists: true }) })
      .lean()
      .exec();
    const assigneeId = (lead!.lead!.assigneeId as mongoose.Types.ObjectId).toHexString();
    let update: { filter: Record<string, unknown>; update: Record<string, unknown> } | undefined;
    mongoose.set('debug', (collection: string, method: string, filter: Record<string, unknown>, change: Record<string, unknown>) => {
      if (collection === 'contact_forms' && method === 'updateOne') update = { filter, update: change };
    });
    try {
      await leadRepository.changeStatus(lead!.id, { from: 'contacted', to: 'qualified', assigneeId, byId: assigneeId, at: now });
    } finally {
      mongoose.set('debug', false);
    }
    const explained = await mongoose.connection.db!.command({ explain: { update: 'contact_forms', updates: [{ q: update!.filter, u: update!.update }] } });
    expect(JSON.stringify(explained)).toContain('"indexName":"id_1"');
  });

  test("a person's past-due leads come from their own index in due order", async () => {
    const [overdue] = await pageOf({ assigneeId: new mongoose.Types.ObjectId().toHexString() });
    expect(indexRead((await explain(overdue!)).winningPlan)).toEqual({ indexName: 'lead.assigneeId_1_lead.status_1_lead.dueAt_1', ordered: true, sortInMemory: false });
  });

  test('related inquiries read the search keys by equality', async () => {
    const [related] = await sentBy(() => leadRepository.related('x', ['buyer1@example.com', '6095551001'], 20));
    expect(indexRead((await explain(related!)).winningPlan).indexName).toBe('lead.searchKeys_1_createdAt_-1');
  });

  test('the new and overdue counts are counted in the index, reading no inquiry', async () => {
    for (const call of [() => leadRepository.countNew(), () => leadRepository.countOverdue(now), () => leadRepository.countReceivedSince(now)]) {
      const sent = await sentBy(call);
      expect(sent.map((command) => command.method)).toEqual(expect.arrayContaining(['count']));
      for (const command of sent) expect((await explain(command)).countWithoutDocuments).toBe(true);
    }
  });

  test('the start-up backfill finds inquiries without lead state in an index', async () => {
    const [command] = await sentBy(() => leadRepository.withoutLead(500));
    expect(indexRead((await explain(command!)).winningPlan).indexName).toMatch(/^lead\.status_1/);
  });
});
