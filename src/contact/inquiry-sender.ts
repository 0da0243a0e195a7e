import type { ContactFieldErrors } from './contact-schema';

// Read in the browser too: types and the status table, no schema. The server's sender is services/inquiry-sender.service.ts,
// the browser's http-inquiry-sender.ts; the contact route's action uses whichever it is handed.

/**
 * Why a form was not taken: fields to correct, too many messages from one address, the store out
 * of reach for now, or anything else (a refusal before the sender; the network).
 */
export type SendFailure = 'invalid' | 'too-many' | 'unavailable' | 'failed';

/** The HTTP status each failure is answered with, by the JSON API and by the contact route's action. */
export const SEND_FAILURE_STATUS: Record<SendFailure, number> = { invalid: 400, 'too-many': 429, unavailable: 503, failed: 500 };

/** How a sent contact form was answered. */
export type SendOutcome =
  | { ok: true; id: string; createdAt: string }
  | {
      ok: false;
      failure: SendFailure;
      fieldErrors: ContactFieldErrors;
      /** A problem with the whole submission rather than one field, as the visitor should read it. */
      formError: string | null;
    };

/** Takes a contact form's fields (as the form posts them) and stores the inquiry, or says why not. */
export interface InquirySender {
  send(values: Record<string, unknown>): Promise<SendOutcome>;
}
