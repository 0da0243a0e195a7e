import { createContext } from 'react-router';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import type { AuthenticatorAppSetup } from './staff-enrolment';
import type { StaffRequest } from './staff-request';

/** One of the signed-in person's passkeys on /staff/account. */
export interface OwnPasskey {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt?: Date;
}

/** The signed-in person's sign-in methods as /staff/account shows them: never a secret. */
export interface OwnAccountOverview {
  passkeys: OwnPasskey[];
  password: boolean;
  passwordChangedAt?: Date;
  authenticatorApp: boolean;
  /** Unused recovery codes, or null when the account has none (a passkey-only account). */
  recoveryCodesLeft: number | null;
  /** An authenticator app being set up to replace the current one. */
  authenticatorAppPending: boolean;
}

/** A change of one's own sign-in methods: done, or refused with the reason the page shows beside the form. */
export type OwnAccountChange = { ok: true } | { ok: false; message: string };

/** At most this many characters in a passkey's name. */
export const PASSKEY_NAME_MAX_LENGTH = 60;

/**
 * The signed-in person's own sign-in methods (docs/decisions/011-staff-sign-in.md, flows 4 and 8),
 * implemented in services/staff/staff-own-account.service.ts. Every change needs a confirmation
 * within the last 5 minutes (ConfirmationRequiredError otherwise), and none may leave the account
 * without a complete sign-in method.
 */
export interface StaffOwnAccount {
  overview(request: StaffRequest): Promise<OwnAccountOverview>;
  renamePasskey(passkeyId: string, name: string, request: StaffRequest): Promise<OwnAccountChange>;
  /** Refused when it is the last complete sign-in method. */
  removePasskey(passkeyId: string, request: StaffRequest): Promise<OwnAccountChange>;
  passkeyRegistrationOptions(request: StaffRequest): Promise<PublicKeyCredentialCreationOptionsJSON>;
  /** Verifies the browser's registration response (as text) and stores the passkey. */
  addPasskey(response: string, request: StaffRequest): Promise<OwnAccountChange>;
  /** Needs the current password; the new one checked by the password rules. Optionally ends the other sessions (ASVS 7.4.3). */
  changePassword(input: { current: string; next: string; endOtherSessions: boolean }, request: StaffRequest): Promise<OwnAccountChange>;
  /** Starts replacing the authenticator app: a new key waits until a code from it confirms it. */
  startAuthenticatorApp(request: StaffRequest): Promise<OwnAccountChange>;
  /** The key being set up, or null. */
  authenticatorAppSetup(request: StaffRequest): Promise<AuthenticatorAppSetup | null>;
  /** A current code from the new app replaces the old app. */
  replaceAuthenticatorApp(code: string, request: StaffRequest): Promise<OwnAccountChange>;
  /** Ten new recovery codes (shown once), replacing the old ones; null without a password and app. */
  newRecoveryCodes(request: StaffRequest): Promise<string[] | null>;
}

/** The person's own sign-in methods, in the staff route context. */
export const staffOwnAccountContext = createContext<StaffOwnAccount>();
