import { createHash, randomBytes } from 'node:crypto';

// Session, known-browser and invitation tokens (decision 011, "Secrets"): 256 random bits the
// browser or the e-mail holds, and only their SHA-256 in the database, so a copy of the database
// opens nothing. No salt or slow hash is needed: the token is random, not chosen by a person.

/** A new token: 32 bytes from the CSPRNG as base64url, 43 characters, safe in a cookie or a URL. */
export function createSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token and looks it up by: its SHA-256, 64 hex digits. */
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
