import type { ContactFieldErrors } from './contact-schema';

// Read in the browser too: types only. The server's sender is services/contact-form-sender.ts,
// the browser's http-inquiry-sender.ts; the contact route's action uses whichever it is handed.

/** How a sent contact form was answered. */
export type SendOutcome =
  | { ok: true; id: string; createdAt: string }
  | {
      ok: false;
      /** The HTTP status the answer deserves: 400 for fields to correct, 429, 503... */
      status: number;
      fieldErrors: ContactFieldErrors;
      /** A problem with the whole submission rather than one field, as the visitor should read it. */
      formError: string | null;
    };

/** Takes a contact form's fields (as the form posts them) and stores the inquiry, or says why not. */
export interface InquirySender {
  send(values: Record<string, unknown>): Promise<SendOutcome>;
}
