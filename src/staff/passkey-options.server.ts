import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { PASSKEY_CEREMONY_TIMEOUT_MS } from './staff-timing';

// @simplewebauthn/server 14 with decision 011's fixed options, so no caller can forget one: the
// library's generators default to userVerification 'preferred', and on Node 26 its default
// algorithms put ML-DSA-44 first (Chromium then makes a post-quantum key with experimental
// warnings), hence the explicit list. Discoverable credentials only: sign-in options name no
// credential, and the authenticator says whose passkey it is (the user handle).

/** COSE algorithms offered and accepted: EdDSA, ES256, RS256. */
export const PASSKEY_ALGORITHM_IDS = [-8, -7, -257];

/** Transports the WebAuthn specification names; anything else a browser reports is not stored. */
const KNOWN_TRANSPORTS = new Set(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);

/**
 * The caller's check of the challenge the browser signed: it looks up the stored challenge by hash,
 * purpose, session and expiry and deletes it (findOneAndDelete), so each works once. An error it
 * throws (the store is down) is thrown on, never read as a failed ceremony.
 */
export type PasskeyChallengeCheck = (challenge: string) => Promise<boolean>;

/** A passkey as the staff_passkeys collection keeps it, from a verified registration. */
export interface RegisteredPasskey {
  /** base64url */
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  deviceType: 'singleDevice' | 'multiDevice';
  backedUp: boolean;
  aaguid: string;
}

/** What a sign-in or confirmation checks the assertion against: the stored passkey and its owner's user handle. */
export interface StoredPasskey {
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  /** The staff member's webAuthnUserId (16 bytes), which the passkey must name as its user handle. */
  webAuthnUserId: Uint8Array;
}

export interface PasskeyCeremonies {
  /** new URL(PUBLIC_ORIGIN).hostname: passkeys work only at that name, never at an IP address. */
  rpID: string;
  /** PUBLIC_ORIGIN, the only origin a response may come from. */
  origin: string;
  /** Options for navigator.credentials.create() (startRegistration in the browser); store `challenge` before sending them. */
  generateRegistration(person: {
    webAuthnUserId: Uint8Array;
    email: string;
    name: string;
    /** The person's passkeys, so the authenticator does not make a second one beside an existing one. */
    existingPasskeys: readonly { credentialId: string; transports: readonly string[] }[];
  }): Promise<PublicKeyCredentialCreationOptionsJSON>;
  /** The new passkey, or null when the response is not a valid registration with user verification for this site and a stored challenge. */
  verifyRegistration(input: { response: unknown; expectedChallenge: PasskeyChallengeCheck }): Promise<RegisteredPasskey | null>;
  /** Options for navigator.credentials.get() (startAuthentication): user verification required, no credential named. */
  generateAuthentication(): Promise<PublicKeyCredentialRequestOptionsJSON>;
  /** The counter to store, or null when the assertion is not valid for this passkey, its owner, this site and a stored challenge. */
  verifyAuthentication(input: { response: unknown; expectedChallenge: PasskeyChallengeCheck; passkey: StoredPasskey }): Promise<{ newCounter: number } | null>;
}

/** Which passkey an assertion claims to be, read before verifying it (to look the passkey up); null when it names none. */
export function passkeyCredentialId(response: unknown): string | null {
  const id = (response as { id?: unknown } | null)?.id;
  return typeof id === 'string' && /^[A-Za-z0-9_-]{1,1400}$/.test(id) ? id : null;
}

/**
 * Runs a verification; a library refusal (it throws on every mismatch, and on malformed input) is
 * null, while an error of the caller's challenge check is thrown on.
 */
async function refusedAsNull<T>(expectedChallenge: PasskeyChallengeCheck, verify: (check: PasskeyChallengeCheck) => Promise<T | null>): Promise<T | null> {
  let callerFailure: { error: unknown } | undefined;
  const check: PasskeyChallengeCheck = async (challenge) => {
    try {
      return await expectedChallenge(challenge);
    } catch (error) {
      callerFailure = { error };
      throw error;
    }
  };
  try {
    return await verify(check);
  } catch {
    if (callerFailure) throw callerFailure.error;
    return null;
  }
}

/** The four ceremonies for the site at PUBLIC_ORIGIN; rpName is the business name the authenticator shows. */
export function passkeyCeremonies({ publicOrigin, rpName }: { publicOrigin: string; rpName: string }): PasskeyCeremonies {
  const origin = new URL(publicOrigin).origin;
  const rpID = new URL(publicOrigin).hostname;

  return {
    rpID,
    origin,

    generateRegistration({ webAuthnUserId, email, name, existingPasskeys }) {
      return generateRegistrationOptions({
        rpName,
        rpID,
        userName: email,
        userID: Uint8Array.from(webAuthnUserId),
        userDisplayName: name,
        attestationType: 'none',
        excludeCredentials: existingPasskeys.map((passkey) => ({ id: passkey.credentialId, transports: [...passkey.transports] })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        supportedAlgorithmIDs: PASSKEY_ALGORITHM_IDS,
        timeout: PASSKEY_CEREMONY_TIMEOUT_MS,
      });
    },

    verifyRegistration({ response, expectedChallenge }) {
      return refusedAsNull(expectedChallenge, async (check) => {
        const { verified, registrationInfo } = await verifyRegistrationResponse({
          response: response as RegistrationResponseJSON,
          expectedChallenge: check,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: true,
          supportedAlgorithmIDs: PASSKEY_ALGORITHM_IDS,
        });
        if (!verified || !registrationInfo.userVerified) return null;
        const { credential } = registrationInfo;
        return {
          credentialId: credential.id,
          publicKey: credential.publicKey,
          counter: credential.counter,
          transports: (credential.transports ?? []).filter((transport) => KNOWN_TRANSPORTS.has(transport)),
          deviceType: registrationInfo.credentialDeviceType,
          backedUp: registrationInfo.credentialBackedUp,
          aaguid: registrationInfo.aaguid,
        };
      });
    },

    generateAuthentication() {
      return generateAuthenticationOptions({ rpID, userVerification: 'required', timeout: PASSKEY_CEREMONY_TIMEOUT_MS });
    },

    verifyAuthentication({ response, expectedChallenge, passkey }) {
      return refusedAsNull(expectedChallenge, async (check) => {
        const { verified, authenticationInfo } = await verifyAuthenticationResponse({
          response: response as AuthenticationResponseJSON,
          expectedChallenge: check,
          expectedOrigin: origin,
          expectedRPID: rpID,
          credential: { id: passkey.credentialId, publicKey: Uint8Array.from(passkey.publicKey), counter: passkey.counter, transports: [...passkey.transports] },
          requireUserVerification: true,
        });
        // The library also throws when a counter that was not zero did not grow (a cloned authenticator).
        if (!verified || !authenticationInfo.userVerified) return null;
        // Checked after the library has used up the challenge: the passkey must name the staff member its record belongs to.
        const userHandle = (response as AuthenticationResponseJSON).response.userHandle;
        return userHandle === Buffer.from(passkey.webAuthnUserId).toString('base64url') ? { newCounter: authenticationInfo.newCounter } : null;
      });
    },
  };
}
