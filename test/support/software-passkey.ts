import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import { staffPasskeyRepository } from '../../models/staff-passkey.repository';

// A passkey held in software (ES256), written from the WebAuthn Level 3 specification (§6.1
// authenticator data, §5.8.1 client data, §6.3.3 the assertion signature), so HTTP tests can sign
// in with a passkey without a browser. Chromium's virtual authenticator does it in the e2e tests.

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest();

export interface SoftwarePasskey {
  credentialId: string;
  /**
   * The browser's answer (AuthenticationResponseJSON) to a passkey request for `challenge`, made at
   * `origin` (PUBLIC_ORIGIN); `userHandle` is the staff member's webAuthnUserId the passkey names.
   * Each call counts the signature counter up, as an authenticator does.
   */
  answer(challenge: string, options: { origin: string; userHandle: Uint8Array; userVerified?: boolean }): object;
}

/** A new ES256 passkey, stored for the staff member as a verified registration would store it. */
export async function addSoftwarePasskey(staffId: string, now: Date): Promise<SoftwarePasskey> {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = b64url(randomBytes(16));
  const cosePublicKey = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
  await staffPasskeyRepository.add({
    staffId,
    credentialId,
    publicKey: cosePublicKey,
    counter: 0,
    transports: ['internal'],
    deviceType: 'singleDevice',
    backedUp: false,
    aaguid: '00000000-0000-0000-0000-000000000000',
    name: 'Test passkey',
    now,
  });
  return softwarePasskey(credentialId, privateKey);
}

function softwarePasskey(credentialId: string, privateKey: KeyObject): SoftwarePasskey {
  let counter = 0;
  return {
    credentialId,
    answer(challenge, { origin, userHandle, userVerified = true }) {
      counter += 1;
      const counterBytes = Buffer.alloc(4);
      counterBytes.writeUInt32BE(counter);
      const authData = Buffer.concat([sha256(new URL(origin).hostname), Buffer.from([FLAG_UP | (userVerified ? FLAG_UV : 0)]), counterBytes]);
      const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge, origin: new URL(origin).origin, crossOrigin: false }));
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), privateKey);
      return {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key',
        response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authData), signature: b64url(signature), userHandle: b64url(userHandle) },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}
