import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { createContext } from 'react-router';
import type { StaffRole } from './staff-role';
import type { StaffRequest } from './staff-request';

/** What the invitation page shows before anything is accepted: whom it is for. */
export interface InvitationView {
  email: string;
  name: string;
  role: StaffRole;
  expiresAt: Date;
}

/** An invitation link as the invitation page finds it. */
export type InvitationLookup =
  | { kind: 'found'; invitation: InvitationView }
  /** Unknown, used, expired or replaced: one answer for all, so a guess learns nothing. */
  | { kind: 'not-found' }
  /** This address has had too many unknown links lately (the sign-in throttle's address key). */
  | { kind: 'throttled'; retryAfterSeconds: number };

/** Where an invited person stands in setting up their sign-in methods. */
export interface EnrolmentProgress {
  email: string;
  name: string;
  passkeys: number;
  password: boolean;
  authenticatorApp: boolean;
  recoveryCodes: boolean;
  /** A passkey, or a password with an authenticator app: enough to finish. */
  complete: boolean;
}

/** The authenticator app being set up: the QR code, the otpauth:// address and the key to type. */
export interface AuthenticatorAppSetup {
  uri: string;
  /** The key in groups of four. */
  key: string;
  qrCodeDataUrl: string;
}

export type EnrolmentStepResult = { ok: true } | { ok: false; message: string };

/**
 * An invitation accepted and the sign-in methods set up (docs/decisions/011-staff-sign-in.md, flow 2),
 * as the invitation and welcome pages use it (services/staff/staff-enrolment.service.ts). Everything
 * but the invitation acts on the request's enrolment session.
 */
export interface StaffEnrolment {
  /** The invitation a link's token names, changing nothing; an unknown one counts against the address. */
  findInvitation(token: string, request: StaffRequest): Promise<InvitationLookup>;
  /** Uses the invitation (once, atomically) and starts an enrolment session; `not-found` when the link no longer works. */
  acceptInvitation(token: string, request: StaffRequest): Promise<{ kind: 'accepted' } | Exclude<InvitationLookup, { kind: 'found' }>>;
  progress(request: StaffRequest): Promise<EnrolmentProgress>;
  /** Checks the new password's rules and stores its hash; then an authenticator app is set up. */
  setPassword(password: string, request: StaffRequest): Promise<EnrolmentStepResult>;
  /** Starts setting up an authenticator app with a new key (replacing one not yet confirmed). */
  startAuthenticatorApp(request: StaffRequest): Promise<void>;
  /** The app being set up, or null when none is. */
  authenticatorAppSetup(request: StaffRequest): Promise<AuthenticatorAppSetup | null>;
  /** Confirms the app with a current code (that code is then used up). */
  confirmAuthenticatorApp(code: string, request: StaffRequest): Promise<EnrolmentStepResult>;
  /** Ten new recovery codes, to show once; null unless the password and app are set up and no codes were made yet. */
  createRecoveryCodes(request: StaffRequest): Promise<string[] | null>;
  /** Options for the browser's `startRegistration`; their challenge is kept 5 minutes, bound to this session. */
  passkeyRegistrationOptions(request: StaffRequest): Promise<PublicKeyCredentialCreationOptionsJSON>;
  /** Verifies the browser's registration response and stores the passkey. */
  addPasskey(response: unknown, request: StaffRequest): Promise<EnrolmentStepResult>;
  /**
   * With one complete sign-in method: the account becomes active, the enrolment session ends and a
   * staff session begins. False when no method is complete yet.
   */
  complete(request: StaffRequest): Promise<boolean>;
}

/** The enrolment service in the staff route context. */
export const staffEnrolmentContext = createContext<StaffEnrolment>();
