import { CONTACT_FIELDS, CONTEXT_FIELDS, type ContactField, type ContactFieldErrors, type ContextField } from './contact-schema';
import { LEAD_SOURCE_FIELDS, type LeadSourceField } from './lead-source';

/**
 * A submission the contact route's action did not accept: what the visitor typed, and why. It is
 * rendered into the page, never logged or cached.
 */
export interface ContactFormState {
  values: Partial<Record<ContactField | ContextField | LeadSourceField, string>>;
  fieldErrors: ContactFieldErrors;
  /** A problem with the whole submission rather than one field (too many messages, an outage). */
  formError?: string;
}

/** Keeps the form's own text fields only; anything that is not a string comes back empty. */
export function contactFormState(body: unknown, fieldErrors: ContactFieldErrors, formError?: string): ContactFormState {
  const source = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const values: ContactFormState['values'] = {};
  for (const field of [...CONTACT_FIELDS, ...CONTEXT_FIELDS, ...LEAD_SOURCE_FIELDS]) {
    const value = source[field];
    if (typeof value === 'string') values[field] = value;
  }
  return { values, fieldErrors, ...(formError ? { formError } : {}) };
}
