import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { createContext } from 'react-router';
import type { StaffRequest } from './staff-request';

/**
 * What the sign-in and confirmation forms send, as typed (the server parses it). The second factor
 * is a code from the authenticator app, or one of the recovery codes instead of it (`?with=recovery-code`).
 */
export interface PasswordAttempt {
  password: string;
  secondFactor: { kind: 'code'; code: string } | { kind: 'recovery-code'; recoveryCode: string };
}

/** A sign-in with the password: the e-mail too. */
export interface PasswordSignIn extends PasswordAttempt {
  email: string;
}

/**
 * How a sign-in or a confirmation went, as the page may know it: one refusal for every failure (an
 * unknown e-mail, a wrong password, a wrong or used code, an account that may not sign in), so the
 * answer never tells which; or too many failures lately, with the seconds until the next try.
 */
export type StaffSignInOutcome = { outcome: 'signed-in' } | { outcome: 'refused' } | { outcome: 'throttled'; retryAfterSeconds: number };

/** The options for the browser's passkey request (WebAuthn), or too many asked for lately. */
export type PasskeyRequestOutcome = { outcome: 'options'; options: PublicKeyCredentialRequestOptionsJSON } | { outcome: 'throttled'; retryAfterSeconds: number };

/** The sign-in methods a confirmation can ask the signed-in person for. */
export interface ConfirmationMethods {
  password: boolean;
  passkey: boolean;
}

/**
 * Signing in and confirming it's you (docs/decisions/011-staff-sign-in.md, flows 3 and 4), with a
 * passkey or with a password and the authenticator app (or a recovery code), throttled per address,
 * account and known browser. On success the service has started the session (or replaced the
 * confirmed session's token) and put the cookies on the request; the page only redirects.
 * Implemented in services/staff/staff-sign-in.service.ts.
 */
export interface StaffSignIn {
  signInWithPassword(attempt: PasswordSignIn, request: StaffRequest): Promise<StaffSignInOutcome>;
  /**
   * A new passkey request: its challenge kept for 5 minutes for this purpose (a confirmation's bound
   * to the request's session).
   */
  passkeyOptions(purpose: 'sign-in' | 'confirmation', request: StaffRequest): Promise<PasskeyRequestOutcome>;
  /** The browser's answer to a passkey request (the AuthenticationResponseJSON as text, unchecked). */
  signInWithPasskey(response: string, request: StaffRequest): Promise<StaffSignInOutcome>;
  /** "Confirm it's you" with the signed-in person's password and code (or recovery code). */
  confirmWithPassword(attempt: PasswordAttempt, request: StaffRequest): Promise<StaffSignInOutcome>;
  /** "Confirm it's you" with one of the signed-in person's passkeys. */
  confirmWithPasskey(response: string, request: StaffRequest): Promise<StaffSignInOutcome>;
  /** What the confirmation page offers the signed-in person. */
  confirmationMethods(request: StaffRequest): Promise<ConfirmationMethods>;
}

/** Sign-in and confirmation, for the sign-in and confirmation pages' actions. */
export const staffSignInContext = createContext<StaffSignIn>();

/** The one answer to every failed sign-in or confirmation (ASVS 16.5.1: no hint which part was wrong). */
export const SIGN_IN_REFUSED_MESSAGE = 'That e-mail, password and code do not match a staff account';

/** The answer while a throttle key is over its limit (429 with Retry-After). */
export const SIGN_IN_THROTTLED_MESSAGE = 'Too many sign-in attempts';
