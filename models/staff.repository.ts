import mongoose from 'mongoose';
import { KNOWN_BROWSER_MS, KNOWN_BROWSERS_PER_ACCOUNT } from '../src/staff/staff-timing';
import type { StaffRole } from '../src/staff/staff-role';
import { objectIdOf } from './object-id';
import { StaffCollection, type StaffRecord, type StaffStatus, type StoredAuthenticatorApp, type StoredKnownBrowser, type StoredPassword } from './staff.model';
import { storedBytes } from './stored-bytes';
import { storeCall } from './store-call';

const UNAVAILABLE_MESSAGE = 'The staff area cannot reach its database right now. Please try again in a few minutes.';

const call = <T>(query: () => Promise<T>) => storeCall(UNAVAILABLE_MESSAGE, query);

/** Who invited a person, as services see it. */
export type StaffInviter = { staffId: string } | { operator: true };

/** A staff member as services see it: no authenticator app, recovery codes or known browsers. */
export interface StaffMember {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  status: StaffStatus;
  /** The passkeys' user handle (16 bytes). */
  webAuthnUserId: Buffer;
  /** Absent on a passkey-only account. */
  password?: StoredPassword;
  invitedBy: StaffInviter;
  createdAt: Date;
  activatedAt?: Date;
  disabledAt?: Date;
  lastSignInAt?: Date;
}

/** A staff member with what sign-in and enrolment check: read only when asked for by name. */
export interface StaffMemberWithSecrets extends StaffMember {
  totp?: StoredAuthenticatorApp;
  totpPending?: { secret: string; createdAt: Date };
  recoveryCodes?: { salt: Buffer; tags: Buffer[]; createdAt: Date };
  knownBrowsers: StoredKnownBrowser[];
}

/** A staff member named by id (from an address or a session) or by e-mail (as typed; normalized here). */
export type StaffKey = { id: string } | { email: string };

export interface NewInvitedStaff {
  email: string;
  name: string;
  role: StaffRole;
  /** 16 random bytes. */
  webAuthnUserId: Buffer;
  invitedBy: StaffInviter;
  now: Date;
}

const SECRET_FIELDS = '+totp +totpPending +recoveryCodes +knownBrowsers';

/** How e-mails are stored: trimmed and lower-cased, so a lookup matches however it was typed. */
const normalizedEmail = (email: string) => email.trim().toLowerCase();

function inviterOf(invitedBy: StaffRecord['invitedBy'] | { staffId?: mongoose.Types.ObjectId; operator?: boolean }): StaffInviter {
  return 'staffId' in invitedBy && invitedBy.staffId ? { staffId: invitedBy.staffId.toHexString() } : { operator: true };
}

function memberOf(record: StaffRecord): StaffMember {
  return {
    id: record._id.toHexString(),
    email: record.email,
    name: record.name,
    role: record.role,
    status: record.status,
    webAuthnUserId: storedBytes(record.webAuthnUserId),
    ...(record.password ? { password: { hash: record.password.hash, changedAt: record.password.changedAt } } : {}),
    invitedBy: inviterOf(record.invitedBy),
    createdAt: record.createdAt,
    ...(record.activatedAt ? { activatedAt: record.activatedAt } : {}),
    ...(record.disabledAt ? { disabledAt: record.disabledAt } : {}),
    ...(record.lastSignInAt ? { lastSignInAt: record.lastSignInAt } : {}),
  };
}

function memberWithSecretsOf(record: StaffRecord): StaffMemberWithSecrets {
  return {
    ...memberOf(record),
    ...(record.totp ? { totp: { secret: record.totp.secret, enrolledAt: record.totp.enrolledAt, lastUsedStep: record.totp.lastUsedStep } } : {}),
    ...(record.totpPending ? { totpPending: { secret: record.totpPending.secret, createdAt: record.totpPending.createdAt } } : {}),
    ...(record.recoveryCodes
      ? {
          recoveryCodes: {
            salt: storedBytes(record.recoveryCodes.salt),
            tags: record.recoveryCodes.tags.map(storedBytes),
            createdAt: record.recoveryCodes.createdAt,
          },
        }
      : {}),
    knownBrowsers: (record.knownBrowsers ?? []).map(({ tokenHash, lastSignInAt }) => ({ tokenHash, lastSignInAt })),
  };
}

/** The filter for a key, or null when an id names nothing. */
function filterOf(key: StaffKey): { _id: mongoose.Types.ObjectId } | { email: string } | null {
  if ('email' in key) return { email: normalizedEmail(key.email) };
  const _id = objectIdOf(key.id);
  return _id ? { _id } : null;
}

/** One conditional update on one staff member; resolves with whether it matched and changed the document. */
async function updated(id: string, condition: object, update: object): Promise<boolean> {
  const _id = objectIdOf(id);
  if (!_id) return false;
  const result = await call(() => StaffCollection.updateOne({ _id, ...condition }, update).exec());
  return result.modifiedCount === 1;
}

/**
 * The staff members (the staff collection). Every write is one single-document update, so two
 * requests (or two instances) never record over each other: a code's time step and a recovery code
 * are each used once by a conditional update, whatever races it. Operators in filters are built
 * here, so they are trusted past sanitizeFilter.
 */
export const staffRepository = {
  async find(key: StaffKey): Promise<StaffMember | null> {
    const filter = filterOf(key);
    if (!filter) return null;
    const record = await call(() => StaffCollection.findOne(filter).lean<StaffRecord>().exec());
    return record ? memberOf(record) : null;
  },

  /** For sign-in, confirmation and enrolment: the member with their authenticator app, recovery codes and known browsers. */
  async findWithSecrets(key: StaffKey): Promise<StaffMemberWithSecrets | null> {
    const filter = filterOf(key);
    if (!filter) return null;
    const record = await call(() => StaffCollection.findOne(filter).select(SECRET_FIELDS).lean<StaffRecord>().exec());
    return record ? memberWithSecretsOf(record) : null;
  },

  /** Every staff member, by name. */
  async list(): Promise<StaffMember[]> {
    const records = await call(() => StaffCollection.find().sort({ name: 1, email: 1 }).lean<StaffRecord[]>().exec());
    return records.map(memberOf);
  },

  countActiveOwners(): Promise<number> {
    return call(() => StaffCollection.countDocuments({ status: 'active', role: 'owner' }).exec());
  },

  /** A new account, `invited` until a sign-in method is set up; null when the e-mail already has one. */
  async createInvited(staff: NewInvitedStaff): Promise<StaffMember | null> {
    try {
      const record = await call(() =>
        StaffCollection.create({
          email: normalizedEmail(staff.email),
          name: staff.name,
          role: staff.role,
          status: 'invited',
          webAuthnUserId: staff.webAuthnUserId,
          invitedBy: 'staffId' in staff.invitedBy ? { staffId: objectIdOf(staff.invitedBy.staffId) } : { operator: true },
          createdAt: staff.now,
        }),
      );
      return memberOf(record.toObject());
    } catch (error) {
      if ((error as { code?: unknown }).code === 11000) return null;
      if (error instanceof mongoose.Error.ValidationError) throw new Error(`the staff member failed the model's validation: ${Object.keys(error.errors).join(', ')}`);
      throw error;
    }
  },

  /**
   * Sets the status (`active` also records activatedAt, `disabled` disabledAt); with `from`, only
   * when the status is that one now. Resolves with whether it changed.
   */
  setStatus(id: string, status: StaffStatus, { now, from }: { now: Date; from?: StaffStatus }): Promise<boolean> {
    const stamp = status === 'active' ? { activatedAt: now } : status === 'disabled' ? { disabledAt: now } : {};
    return updated(id, from ? { status: from } : {}, { $set: { status, ...stamp } });
  },

  setRole(id: string, role: StaffRole): Promise<boolean> {
    return updated(id, {}, { $set: { role } });
  },

  setPassword(id: string, { hash, now }: { hash: string; now: Date }): Promise<boolean> {
    return updated(id, {}, { $set: { password: { hash, changedAt: now } } });
  },

  recordSignIn(id: string, now: Date): Promise<boolean> {
    return updated(id, {}, { $set: { lastSignInAt: now } });
  },

  /** Starts setting up an authenticator app: the seed waits in totpPending until a first code confirms it. */
  setTotpPending(id: string, { secret, now }: { secret: string; now: Date }): Promise<boolean> {
    return updated(id, {}, { $set: { totpPending: { secret, createdAt: now } } });
  },

  /**
   * The pending seed becomes the account's authenticator app (replacing any earlier one), with the
   * step of the code that confirmed it already used. Only while that seed is still the pending one,
   * so a set-up started again meanwhile is not enrolled by a code of the old one.
   */
  enrolTotp(id: string, { secret, step, now }: { secret: string; step: number; now: Date }): Promise<boolean> {
    return updated(id, { 'totpPending.secret': secret }, { $set: { totp: { secret, enrolledAt: now, lastUsedStep: step } }, $unset: { totpPending: 1 } });
  },

  /**
   * Uses a code's time step: true when no code of this step or a later one was accepted before, on
   * any instance. false means the code (or an earlier one) was used, or there is no authenticator app.
   */
  useTotpStep(id: string, step: number): Promise<boolean> {
    return updated(id, { 'totp.lastUsedStep': mongoose.trusted({ $lt: step }) }, { $set: { 'totp.lastUsedStep': step } });
  },

  /** New recovery codes (their argon2id tags under one salt), replacing all earlier ones. */
  setRecoveryCodes(id: string, { salt, tags, now }: { salt: Buffer; tags: Buffer[]; now: Date }): Promise<boolean> {
    return updated(id, {}, { $set: { recoveryCodes: { salt, tags, createdAt: now } } });
  },

  /** Uses a recovery code by its tag: true once, when the tag was among the unused ones. */
  useRecoveryCode(id: string, tag: Buffer): Promise<boolean> {
    return updated(id, { 'recoveryCodes.tags': tag }, { $pull: { 'recoveryCodes.tags': tag } });
  },

  /**
   * Remembers the browser that signed in (or moves it to the most recent), keeping the last
   * KNOWN_BROWSERS_PER_ACCOUNT. Two updates, the first forgetting it: stopped between them, the
   * browser is merely not known.
   */
  async rememberBrowser(id: string, { tokenHash, now }: { tokenHash: string; now: Date }): Promise<void> {
    await updated(id, {}, { $pull: { knownBrowsers: { tokenHash } } });
    await updated(id, {}, { $push: { knownBrowsers: { $each: [{ tokenHash, lastSignInAt: now }], $slice: -KNOWN_BROWSERS_PER_ACCOUNT } } });
  },

  /** Whether the account lists this browser, signed in there within KNOWN_BROWSER_MS of `now`. */
  async knowsBrowser(key: StaffKey, tokenHash: string, now: Date): Promise<boolean> {
    const filter = filterOf(key);
    if (!filter) return false;
    const since = new Date(now.getTime() - KNOWN_BROWSER_MS);
    const found = await call(() =>
      StaffCollection.exists({ ...filter, knownBrowsers: mongoose.trusted({ $elemMatch: { tokenHash, lastSignInAt: { $gt: since } } }) }).exec(),
    );
    return found !== null;
  },

  /**
   * Back to `invited` with no sign-in method: password, authenticator app (set up or pending),
   * recovery codes and known browsers removed in one update. Passkeys and sessions are the caller's
   * next steps. Resolves with whether the account exists.
   */
  async resetSignInMethods(id: string): Promise<boolean> {
    const _id = objectIdOf(id);
    if (!_id) return false;
    const result = await call(() =>
      StaffCollection.updateOne({ _id }, { $set: { status: 'invited' }, $unset: { password: 1, totp: 1, totpPending: 1, recoveryCodes: 1, knownBrowsers: 1 } }).exec(),
    );
    return result.matchedCount === 1;
  },
};
