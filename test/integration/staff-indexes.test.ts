import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../models/audit-event.model';
import '../../models/passkey-challenge.model';
import '../../models/sign-in-throttle.model';
import '../../models/staff-invitation.model';
import '../../models/staff-passkey.model';
import '../../models/staff-session.model';
import '../../models/staff.model';
import { startTestDatabase, type TestDatabase } from '../support/test-database';

/** An index as the decision record lists it: its keys and the options that change what it does. */
function described(index: { key: Record<string, unknown>; unique?: boolean; sparse?: boolean; expireAfterSeconds?: number; partialFilterExpression?: unknown }) {
  return {
    key: index.key,
    ...(index.unique ? { unique: true } : {}),
    ...(index.sparse ? { sparse: true } : {}),
    ...(index.expireAfterSeconds !== undefined ? { expireAfterSeconds: index.expireAfterSeconds } : {}),
    ...(index.partialFilterExpression ? { partial: true } : {}),
  };
}

describe('the staff collections’ indexes', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await startTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  // docs/decisions/011-staff-sign-in.md, Data model: every lookup plain or sparse (the embedded store
  // never narrows a query by a partial index), and a TTL index on each expiry for MongoDB.
  it.each<[string, object[]]>([
    ['staff', [{ key: { email: 1 }, unique: true }, { key: { status: 1, role: 1 } }]],
    ['staff_passkeys', [{ key: { credentialId: 1 }, unique: true }, { key: { staffId: 1 } }]],
    ['staff_sessions', [{ key: { tokenHash: 1 }, unique: true }, { key: { staffId: 1, lastSeenAt: -1 } }, { key: { expiresAt: 1 }, expireAfterSeconds: 0 }]],
    [
      'staff_invitations',
      [
        { key: { staffId: 1 } },
        { key: { tokenHash: 1 }, unique: true, sparse: true },
        { key: { expiresAt: 1 }, expireAfterSeconds: 604_800 },
        { key: { 'delivery.status': 1, 'delivery.nextAttemptAt': 1 }, sparse: true },
      ],
    ],
    [
      'passkey_challenges',
      [
        { key: { challengeHash: 1 }, unique: true },
        { key: { expiresAt: 1 }, expireAfterSeconds: 0 },
      ],
    ],
    ['sign_in_throttles', [{ key: { expiresAt: 1 }, expireAfterSeconds: 0 }]],
    ['audit_events', [{ key: { at: 1 }, expireAfterSeconds: 31_536_000 }, { key: { staffIds: 1, at: -1 } }, { key: { kind: 1, at: -1 } }]],
  ])('%s has the indexes the record lists', async (collection, expected) => {
    const indexes = await mongoose.connection.db!.collection(collection).indexes();
    const found = indexes.filter((index) => index.name !== '_id_').map((index) => described(index as Parameters<typeof described>[0]));
    expect(found).toEqual(expect.arrayContaining(expected));
    expect(found).toHaveLength(expected.length);
  });
});
