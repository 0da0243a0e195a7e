import mongoose from 'mongoose';
import { objectIdOf } from './object-id';
import { PasskeyChallengeCollection, type PasskeyChallengePurpose } from './passkey-challenge.model';
import { storeCall } from './store-call';

const UNAVAILABLE_MESSAGE = 'The staff area cannot reach its database right now. Please try again in a few minutes.';

const call = <T>(query: () => Promise<T>) => storeCall(UNAVAILABLE_MESSAGE, query);

export interface StoredChallenge {
  /** SHA-256 hex of the base64url challenge. */
  challengeHash: string;
  purpose: PasskeyChallengePurpose;
  /** The session it was made in: required for registration and confirmation, absent for sign-in. */
  sessionId?: string;
  expiresAt: Date;
}

/** The session filter: a challenge made without a session is taken only without one. */
function sessionFilter(sessionId: string | undefined): { sessionId: mongoose.Types.ObjectId | { $exists: false } } | null {
  if (sessionId === undefined) return { sessionId: mongoose.trusted({ $exists: false }) };
  const _id = objectIdOf(sessionId);
  return _id ? { sessionId: _id } : null;
}

/** The passkey challenges (passkey_challenges): stored by hash, taken once. */
export const passkeyChallengeRepository = {
  async store(challenge: StoredChallenge): Promise<void> {
    const sessionId = challenge.sessionId === undefined ? undefined : objectIdOf(challenge.sessionId);
    if (sessionId === null) throw new Error('a passkey challenge’s session id names no session');
    await call(() =>
      PasskeyChallengeCollection.create({
        challengeHash: challenge.challengeHash,
        purpose: challenge.purpose,
        ...(sessionId ? { sessionId } : {}),
        expiresAt: challenge.expiresAt,
      }),
    );
  },

  /**
   * Takes (deletes) the challenge with this hash, purpose and session, if it has not expired at
   * `now`: true once. The library's `expectedChallenge` check calls this, so a response is
   * verified against a challenge at most once, on any instance.
   */
  async take({ challengeHash, purpose, sessionId, now }: { challengeHash: string; purpose: PasskeyChallengePurpose; sessionId?: string; now: Date }): Promise<boolean> {
    const session = sessionFilter(sessionId);
    if (!session) return false;
    const taken = await call(() =>
      PasskeyChallengeCollection.findOneAndDelete({ challengeHash, purpose, ...session, expiresAt: mongoose.trusted({ $gt: now }) }, { projection: { _id: 1 } })
        .lean()
        .exec(),
    );
    return taken !== null;
  },

  /** Deletes the challenges expired at `now` (housekeeping); resolves with how many. */
  async deleteExpired(now: Date): Promise<number> {
    const result = await call(() => PasskeyChallengeCollection.deleteMany({ expiresAt: mongoose.trusted({ $lte: now }) }).exec());
    return result.deletedCount;
  },
};
