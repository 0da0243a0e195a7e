import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitPhotosRepository } from '../../models/unit-photos.repository';
import { VehicleCollection } from '../../models/vehicle.model';
import { startTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
beforeAll(async () => {
  database = await startTestDatabase();
});
afterAll(async () => {
  mongoose.set('debug', false);
  await database?.close();
});

/** The find the repository sends to ask whether a photo is in use, as the driver gets it. */
async function inUseQuery(hash: string): Promise<{ answer: boolean; filter: object }> {
  let filter: object | undefined;
  mongoose.set('debug', (collection: string, method: string, sent: object) => {
    if (collection === 'vehicles' && method === 'findOne') filter = sent;
  });
  let answer: boolean;
  try {
    answer = await unitPhotosRepository.isInUse(hash);
  } finally {
    mongoose.set('debug', false);
  }
  if (!filter) throw new Error('isInUse sent no findOne');
  return { answer, filter };
}

/** Every stage of an explained plan, outermost first (mongod nests them in inputStage / inputStages). */
function stagesOf(plan: Record<string, unknown> | undefined): Array<Record<string, unknown>> {
  if (!plan) return [];
  const inner = [plan.inputStage, ...((plan.inputStages as unknown[] | undefined) ?? [])] as Array<Record<string, unknown> | undefined>;
  return [plan, ...inner.flatMap(stagesOf)];
}

const photo = (hash: string) => ({ hash, width: 640, height: 427 });

describe('whether a photo is still shown by a unit', () => {
  it('is answered from the index of the units’ photo hashes, not by reading every unit', async () => {
    await VehicleCollection.collection.insertMany(
      Array.from({ length: 200 }, (_, n) => ({
        id: `unit-${n}`,
        slug: `2021-club-car-onward-u${n}`,
        unit: { stockNumber: `U${n}`, status: 'available', photos: [photo(`own-${n}`), photo(n % 2 === 0 ? 'shared' : `other-${n}`)] },
      })),
    );

    const shared = await inUseQuery('shared');
    expect(shared.answer).toBe(true);
    expect((await inUseQuery('own-7')).answer).toBe(true);
    expect((await inUseQuery('deleted')).answer).toBe(false);

    const explained = await mongoose.connection.db!.command({ explain: { find: 'vehicles', filter: shared.filter, limit: 1 } });
    const stages = stagesOf((explained.queryPlanner as { winningPlan?: Record<string, unknown> } | undefined)?.winningPlan);
    expect(stages.map((stage) => stage.stage)).toContain('IXSCAN');
    expect(stages.map((stage) => stage.stage)).not.toContain('COLLSCAN');
    expect(stages.find((stage) => stage.stage === 'IXSCAN')).toMatchObject({ indexName: 'unit.photos.hash_1' });
  });
});
