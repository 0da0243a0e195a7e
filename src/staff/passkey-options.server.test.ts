import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import { describe, expect, it } from 'vitest';
import { passkeyCeremonies, passkeyCredentialId, type RegisteredPasskey, type StoredPasskey } from './passkey-options.server';

// A software authenticator (ES256, "none" attestation) written from the WebAuthn Level 3
// specification (§6.1 authenticator data, §6.5.4 attestation object, §5.8.1 client data), so the
// ceremonies run end to end without a browser. Chromium's virtual authenticator does the same in
// the end-to-end tests.

const ORIGIN = 'https://www.example.com';
const ceremonies = passkeyCeremonies({ publicOrigin: ORIGIN, rpName: 'Shore Golf Carts' });

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

interface Authenticator {
  credentialId: Buffer;
  privateKey: KeyObject;
  publicJwk: { x: string; y: string };
  counter: number;
}

function newAuthenticator(): Authenticator {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  return { credentialId: randomBytes(16), privateKey, publicJwk: { x: jwk.x!, y: jwk.y! }, counter: 0 };
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest();
const uint32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

function registrationResponse(authenticator: Authenticator, challenge: string, { rpID = 'www.example.com', origin = ORIGIN, flags = FLAG_UP | FLAG_UV | FLAG_AT } = {}) {
  const cosePublicKey = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(authenticator.publicJwk.x, 'base64url')],
      [-3, Buffer.from(authenticator.publicJwk.y, 'base64url')],
    ]),
  );
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(authenticator.credentialId.length);
  const authData = Buffer.concat([
    sha256(rpID),
    Buffer.from([flags]),
    uint32(authenticator.counter),
    Buffer.alloc(16),
    idLength,
    authenticator.credentialId,
    cosePublicKey,
  ]);
  const attestationObject = isoCBOR.encode(
    new Map<string, string | Map<string, string> | Uint8Array>([
      ['fmt', 'none'],
      ['attStmt', new Map<string, string>()],
      ['authData', authData],
    ]),
  );
  return {
    id: b64url(authenticator.credentialId),
    rawId: b64url(authenticator.credentialId),
    type: 'public-key',
    response: {
      clientDataJSON: b64url(clientData('webauthn.create', challenge, origin)),
      attestationObject: b64url(attestationObject),
      transports: ['internal', 'made-up'],
    },
    clientExtensionResults: {},
  };
}

function authenticationResponse(authenticator: Authenticator, challenge: string, userHandle: Uint8Array, { flags = FLAG_UP | FLAG_UV } = {}) {
  authenticator.counter += 1;
  const authData = Buffer.concat([sha256('www.example.com'), Buffer.from([flags]), uint32(authenticator.counter)]);
  const clientDataJSON = clientData('webauthn.get', challenge, ORIGIN);
  const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), authenticator.privateKey);
  return {
    id: b64url(authenticator.credentialId),
    rawId: b64url(authenticator.credentialId),
    type: 'public-key',
    response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authData), signature: b64url(signature), userHandle: b64url(userHandle) },
    clientExtensionResults: {},
  };
}

/** A stored challenge that works once, as the passkey_challenges collection does. */
function storedChallenge(challenge: string) {
  let used = false;
  return async (presented: string) => {
    if (used || presented !== challenge) return false;
    used = true;
    return true;
  };
}

const person = { webAuthnUserId: randomBytes(16), email: 'jane@example.org', name: 'Jane Doe', existingPasskeys: [] };

async function registered(authenticator = newAuthenticator()): Promise<{ authenticator: Authenticator; passkey: RegisteredPasskey & StoredPasskey }> {
  const { challenge } = await ceremonies.generateRegistration(person);
  const result = await ceremonies.verifyRegistration({ response: registrationResponse(authenticator, challenge), expectedChallenge: storedChallenge(challenge) });
  if (!result) throw new Error('registration refused');
  return { authenticator, passkey: { ...result, webAuthnUserId: person.webAuthnUserId } };
}

describe('passkey options', () => {
  it('ask for a discoverable passkey with user verification, EdDSA, ES256 or RS256, on PUBLIC_ORIGIN’s host name', async () => {
    const options = await ceremonies.generateRegistration({ ...person, existingPasskeys: [{ credentialId: 'AAAA', transports: ['internal'] }] });
    expect(options.rp).toEqual({ id: 'www.example.com', name: 'Shore Golf Carts' });
    expect(options.pubKeyCredParams.map((parameter) => parameter.alg)).toEqual([-8, -7, -257]);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', requireResidentKey: true, userVerification: 'required' });
    expect(options.attestation).toBe('none');
    expect(options.timeout).toBe(120_000);
    expect(options.user).toEqual({ id: b64url(person.webAuthnUserId), name: 'jane@example.org', displayName: 'Jane Doe' });
    expect(options.excludeCredentials).toEqual([{ id: 'AAAA', type: 'public-key', transports: ['internal'] }]);
    expect(Buffer.from(options.challenge, 'base64url').length).toBeGreaterThanOrEqual(32);
  });

  it('for sign-in require user verification and name no credential', async () => {
    const options = await ceremonies.generateAuthentication();
    expect(options.rpId).toBe('www.example.com');
    expect(options.userVerification).toBe('required');
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options.timeout).toBe(120_000);
  });

  it('take the relying party from PUBLIC_ORIGIN, so localhost works in development', () => {
    expect(passkeyCeremonies({ publicOrigin: 'http://localhost:3000', rpName: 'x' })).toMatchObject({ rpID: 'localhost', origin: 'http://localhost:3000' });
  });
});

describe('passkey registration', () => {
  it('gives the passkey to store, with only the transports WebAuthn names', async () => {
    const authenticator = newAuthenticator();
    const { passkey } = await registered(authenticator);
    expect(passkey).toMatchObject({
      credentialId: b64url(authenticator.credentialId),
      counter: 0,
      transports: ['internal'],
      deviceType: 'singleDevice',
      backedUp: false,
    });
    expect(passkey.aaguid).toBe('00000000-0000-0000-0000-000000000000');
    expect(passkey.publicKey.length).toBeGreaterThan(64);
  });

  it('is refused without user verification, from another origin or for another site', async () => {
    for (const options of [{ flags: FLAG_UP | FLAG_AT }, { origin: 'https://evil.example' }, { rpID: 'evil.example' }]) {
      const { challenge } = await ceremonies.generateRegistration(person);
      const response = registrationResponse(newAuthenticator(), challenge, options);
      expect(await ceremonies.verifyRegistration({ response, expectedChallenge: storedChallenge(challenge) })).toBeNull();
    }
  });

  it('is refused when the challenge is not a stored one, or was used already', async () => {
    const { challenge } = await ceremonies.generateRegistration(person);
    const check = storedChallenge(challenge);
    expect(await ceremonies.verifyRegistration({ response: registrationResponse(newAuthenticator(), challenge), expectedChallenge: check })).not.toBeNull();
    expect(await ceremonies.verifyRegistration({ response: registrationResponse(newAuthenticator(), challenge), expectedChallenge: check })).toBeNull();
  });

  it('answers garbage with null, and passes on an error of the challenge check (a store outage is not a wrong passkey)', async () => {
    for (const response of [null, 'x', {}, { id: 'a', response: {} }]) {
      expect(await ceremonies.verifyRegistration({ response, expectedChallenge: async () => true })).toBeNull();
    }
    const { challenge } = await ceremonies.generateRegistration(person);
    const outage = new Error('store unavailable');
    const failing = async () => {
      throw outage;
    };
    await expect(ceremonies.verifyRegistration({ response: registrationResponse(newAuthenticator(), challenge), expectedChallenge: failing })).rejects.toBe(outage);
  });
});

describe('passkey sign-in', () => {
  it('verifies an assertion of the stored passkey and gives the new counter', async () => {
    const { authenticator, passkey } = await registered();
    const { challenge } = await ceremonies.generateAuthentication();
    const response = authenticationResponse(authenticator, challenge, person.webAuthnUserId);
    expect(passkeyCredentialId(response)).toBe(passkey.credentialId);
    expect(await ceremonies.verifyAuthentication({ response, expectedChallenge: storedChallenge(challenge), passkey })).toEqual({ newCounter: 1 });
  });

  it('is refused without user verification', async () => {
    const { authenticator, passkey } = await registered();
    const { challenge } = await ceremonies.generateAuthentication();
    const response = authenticationResponse(authenticator, challenge, person.webAuthnUserId, { flags: FLAG_UP });
    expect(await ceremonies.verifyAuthentication({ response, expectedChallenge: storedChallenge(challenge), passkey })).toBeNull();
  });

  it('is refused when the passkey names another staff member, or another key signed', async () => {
    const { authenticator, passkey } = await registered();
    const first = await ceremonies.generateAuthentication();
    const otherHandle = authenticationResponse(authenticator, first.challenge, randomBytes(16));
    expect(await ceremonies.verifyAuthentication({ response: otherHandle, expectedChallenge: storedChallenge(first.challenge), passkey })).toBeNull();
    const second = await ceremonies.generateAuthentication();
    const impostor = { ...newAuthenticator(), credentialId: authenticator.credentialId };
    const forged = authenticationResponse(impostor, second.challenge, person.webAuthnUserId);
    expect(await ceremonies.verifyAuthentication({ response: forged, expectedChallenge: storedChallenge(second.challenge), passkey })).toBeNull();
  });

  it('is refused when the challenge was used already, or the counter went back (a cloned authenticator)', async () => {
    const { authenticator, passkey } = await registered();
    const { challenge } = await ceremonies.generateAuthentication();
    const check = storedChallenge(challenge);
    const response = authenticationResponse(authenticator, challenge, person.webAuthnUserId);
    expect(await ceremonies.verifyAuthentication({ response, expectedChallenge: check, passkey })).toEqual({ newCounter: 1 });
    expect(await ceremonies.verifyAuthentication({ response, expectedChallenge: check, passkey })).toBeNull();
    const next = await ceremonies.generateAuthentication();
    const replayedCounter = authenticationResponse(authenticator, next.challenge, person.webAuthnUserId);
    expect(
      await ceremonies.verifyAuthentication({ response: replayedCounter, expectedChallenge: storedChallenge(next.challenge), passkey: { ...passkey, counter: 5 } }),
    ).toBeNull();
  });

  it('reads the credential id only when it is one', () => {
    for (const response of [null, undefined, 'abc', {}, { id: 3 }, { id: '' }, { id: 'a b' }]) expect(passkeyCredentialId(response)).toBeNull();
  });
});
