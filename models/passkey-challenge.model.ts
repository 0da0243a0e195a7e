import mongoose, { Schema, type Model, type Types } from 'mongoose';

export const PASSKEY_CHALLENGE_PURPOSES = ['sign-in', 'registration', 'confirmation'] as const;
export type PasskeyChallengePurpose = (typeof PASSKEY_CHALLENGE_PURPOSES)[number];

/**
 * A passkey challenge handed to a browser, in passkey_challenges (docs/decisions/011-staff-sign-in.md):
 * only its SHA-256 is kept, with what it is for and, for registration and confirmation, the session
 * it was made in. Taking it deletes it, so a challenge is answered once, on any instance.
 */
export interface PasskeyChallengeRecord {
  _id: Types.ObjectId;
  /** SHA-256 hex of the base64url challenge. */
  challengeHash: string;
  purpose: PasskeyChallengePurpose;
  sessionId?: Types.ObjectId;
  expiresAt: Date;
}

const passkeyChallengeSchema = new Schema<PasskeyChallengeRecord>(
  {
    challengeHash: { type: String, required: true, match: /^[0-9a-f]{64}$/ },
    purpose: { type: String, enum: PASSKEY_CHALLENGE_PURPOSES, required: true },
    sessionId: { type: Schema.Types.ObjectId },
    expiresAt: { type: Date, required: true },
  },
  { collection: 'passkey_challenges', versionKey: false },
);

passkeyChallengeSchema.index({ challengeHash: 1 }, { unique: true });
// MongoDB deletes a challenge once it expires; the embedded store does not, so taking one checks expiresAt too.
passkeyChallengeSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

type PasskeyChallengeCollectionType = Model<PasskeyChallengeRecord>;

/** The passkey challenges. Only models/passkey-challenge.repository.ts reads or writes it. */
export const PasskeyChallengeCollection: PasskeyChallengeCollectionType =
  (mongoose.models.PasskeyChallenge as PasskeyChallengeCollectionType | undefined) ?? mongoose.model<PasskeyChallengeRecord>('PasskeyChallenge', passkeyChallengeSchema);
