import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { InquiryCollection } from '../../models/inquiry.model';
import { inquiryRepository, type DeliveryKind } from '../../models/inquiry.repository';
import { VALID_INQUIRY } from '../support/fixtures';
import { startTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
beforeAll(async () => {
  database = await startTestDatabase();
});
afterAll(async () => {
  mongoose.set('debug', false);
  await database?.close();
});

/** The findOneAndUpdate the repository sends for a claim, as the driver gets it. */
async function claimCommand(kind: DeliveryKind): Promise<{ filter: object; update: object; sort: object }> {
  let sent: { filter: object; update: object; sort: object } | undefined;
  mongoose.set('debug', (collection: string, method: string, filter: object, update: object, options: { sort?: object }) => {
    if (collection === 'contact_forms' && method === 'findOneAndUpdate') sent = { filter, update, sort: options.sort ?? {} };
  });
  try {
    await inquiryRepository.claimDue(kind, { now: new Date(), leaseUntil: new Date(Date.now() + 60_000), token: 'plan-test' });
  } finally {
    mongoose.set('debug', false);
  }
  if (!sent) throw new Error('the claim sent no findOneAndUpdate');
  return sent;
}

/** Every stage of an explained plan, outermost first (mongod nests them in inputStage / inputStages). */
function stagesOf(plan: Record<string, unknown> | undefined): string[] {
  if (!plan) return [];
  const inner = [plan.inputStage, ...((plan.inputStages as unknown[] | undefined) ?? [])] as Array<Record<string, unknown> | undefined>;
  return [String(plan.stage), ...inner.flatMap(stagesOf)];
}

describe("the outbox's claim", () => {
  test.each<DeliveryKind>(['notification', 'crmNotification'])(
    'of a %s reads the due e-mail longest waiting through the index, in its order, without sorting every pending one',
    async (kind) => {
      await InquiryCollection.init();
      const now = Date.now();
      await InquiryCollection.insertMany(
        Array.from({ length: 50 }, (_, n) => ({
          ...VALID_INQUIRY,
          interest: 'sales',
          notification: { status: 'pending', attempts: 0, nextAttemptAt: new Date(now - n * 1000) },
          crmNotification: { status: 'pending', attempts: 0, nextAttemptAt: new Date(now - n * 1000) },
        })),
      );
      const { filter, update, sort } = await claimCommand(kind);
      const explained = await mongoose.connection.db!.command({ explain: { findAndModify: 'contact_forms', query: filter, update, sort } });
      const stages = stagesOf((explained.queryPlanner as { winningPlan?: Record<string, unknown> } | undefined)?.winningPlan);
      expect(stages).toContain('IXSCAN');
      expect(stages).not.toContain('SORT');
      expect(stages).not.toContain('COLLSCAN');
    },
  );
});
