import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

// A software passkey authenticator for HTTP tests (ES256, "none" attestation, user present and
// verified), written from the WebAuthn Level 3 specification (§6.1 authenticator data, §6.5.4 the
// attestation object, §5.8.1 client data): what navigator.credentials.create() answers, without a browser.

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest();
const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/** The RegistrationResponseJSON a browser would send for these creation options, from `origin`. */
export function softwareRegistration(options: { challenge: string; rp: { id?: string } }, origin: string): object {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(16);
  const cosePublicKey = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(credentialId.length);
  const authData = Buffer.concat([
    sha256(options.rp.id ?? new URL(origin).hostname),
    Buffer.from([FLAG_UP | FLAG_UV | FLAG_AT]),
    Buffer.alloc(4),
    Buffer.alloc(16),
    idLength,
    credentialId,
    cosePublicKey,
  ]);
  const attestationObject = isoCBOR.encode(
    new Map<string, string | Map<string, string> | Uint8Array>([
      ['fmt', 'none'],
      ['attStmt', new Map<string, string>()],
      ['authData', authData],
    ]),
  );
  const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false }));
  return {
    id: b64url(credentialId),
    rawId: b64url(credentialId),
    type: 'public-key',
    response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal'] },
    clientExtensionResults: {},
  };
}
