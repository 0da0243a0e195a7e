import { INTERESTS, type Interest } from './interest';

// Imported by the browser's contact form and by the server alike: plain code, no zod (the browser
// should not download it). The server's schema, the authority, is in contact-schema.server.ts.

/** How the form and the staff e-mail name each interest. */
export const INTEREST_LABELS: Record<Interest, string> = {
  sales: 'Sales',
  service: 'Service',
  parts: 'Parts',
  general: 'General Inquiry',
};

/** The six fields a visitor fills in, in form order. */
export const CONTACT_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'interest', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** Where the visitor came from: what a prefilled link said (a rental plan, a vehicle, a topic). */
export const CONTEXT_FIELDS = ['topic', 'plan', 'vehicle'] as const;
export type ContextField = (typeof CONTEXT_FIELDS)[number];

/**
 * A field people never see (moved off-screen, skipped by the keyboard) that form-filling bots do
 * fill. A submission with anything in it is answered as accepted and then dropped.
 */
export const HONEYPOT_FIELD = 'website';

/** What a visitor reads when the answer says nothing better (a dropped connection, an unreadable reply). */
export const FALLBACK_ERROR = 'Failed to send message. Please try again.';

export const MAX_LENGTH = { firstName: 100, lastName: 100, email: 254, phone: 40, message: 5000, context: 120 } as const;

// C0 and C1 controls, DEL, the Unicode line and paragraph separators and the bidirectional
// overrides: none belongs in a name, an address or a phone number, and CR/LF could start a mail header.
export const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
// A message may have line breaks and tabs; other controls are still refused.
export const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** A submission as the rules accept it: every field trimmed text, the interest one offered (defaulted). */
export type ContactInput = Record<Exclude<ContactField, 'interest'>, string> & { interest: Interest };
export type ContactFieldErrors = Partial<Record<ContactField, string[]>>;

/** What a prefilled link carried: each value either clean or absent. */
export type ContactContext = Partial<Record<ContextField, string>>;

export type ContactParseResult = { success: true; data: ContactInput } | { success: false; fieldErrors: ContactFieldErrors };

/** The same email pattern the server's schema applies (zod's, checked by contact-schema.test.ts). */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

type Check = { value: string } | { message: string };

/** Text only: a number, an array or an object is refused, never cast. A missing value reads as required. */
function text(value: unknown, label: string, requiredMessage: string): Check {
  if (value === undefined) return { message: requiredMessage };
  return typeof value === 'string' ? { value } : { message: `${label} must be text` };
}

function singleLine(value: unknown, label: string, requiredMessage: string, minLength: number, max: number): Check {
  const checked = text(value, label, requiredMessage);
  if ('message' in checked) return checked;
  if (SINGLE_LINE_FORBIDDEN.test(checked.value)) return { message: `${label} must be a single line of plain text` };
  const trimmed = checked.value.trim();
  if (trimmed.length < minLength) return { message: requiredMessage };
  if (trimmed.length > max) return { message: `${label} must be at most ${max} characters` };
  return { value: trimmed };
}

const FIELD_CHECKS: Record<ContactField, (value: unknown) => Check> = {
  firstName: (value) => singleLine(value, 'First name', 'First name is required', 1, MAX_LENGTH.firstName),
  lastName: (value) => singleLine(value, 'Last name', 'Last name is required', 1, MAX_LENGTH.lastName),
  email: (value) => {
    const checked = text(value, 'Email', 'Invalid email address');
    if ('message' in checked) return checked;
    const trimmed = checked.value.trim();
    if (trimmed.length > MAX_LENGTH.email) return { message: `Email must be at most ${MAX_LENGTH.email} characters` };
    return EMAIL_PATTERN.test(trimmed) ? { value: trimmed } : { message: 'Invalid email address' };
  },
  phone: (value) => singleLine(value, 'Phone number', 'Phone number is required', 10, MAX_LENGTH.phone),
  interest: (value) => {
    if (value === undefined) return { value: 'sales' };
    return INTERESTS.find((interest) => interest === value) ? { value: value as string } : { message: 'Choose sales, service, parts or general' };
  },
  message: (value) => {
    const checked = text(value, 'Message', 'Message must be at least 10 characters');
    if ('message' in checked) return checked;
    if (MULTI_LINE_FORBIDDEN.test(checked.value)) return { message: 'Message must be plain text' };
    const trimmed = checked.value.trim();
    if (trimmed.length < 10) return { message: 'Message must be at least 10 characters' };
    if (trimmed.length > MAX_LENGTH.message) return { message: `Message must be at most ${MAX_LENGTH.message} characters` };
    return { value: trimmed };
  },
};

/**
 * The contact form's rules as plain checks, for the browser: the same results and messages as the
 * server's schema (contact-schema.server.ts, which stays the authority), without shipping zod.
 * Each invalid field gets one message, the first rule it breaks; unknown fields are ignored.
 */
export function checkContact(input: unknown): ContactParseResult {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { success: false, fieldErrors: {} };
  const values = input as Record<string, unknown>;
  const data: Partial<Record<ContactField, string>> = {};
  const fieldErrors: ContactFieldErrors = {};
  for (const field of CONTACT_FIELDS) {
    const checked = FIELD_CHECKS[field](values[field]);
    if ('message' in checked) fieldErrors[field] = [checked.message];
    else data[field] = checked.value;
  }
  return Object.keys(fieldErrors).length > 0 ? { success: false, fieldErrors } : { success: true, data: data as ContactInput };
}

/** A context value that fits: trimmed, not empty, one line, not too long; anything else is dropped. */
function contextValue(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed !== '' && trimmed.length <= MAX_LENGTH.context && !SINGLE_LINE_FORBIDDEN.test(trimmed) ? trimmed : undefined;
}

/**
 * The context fields of a submission or a prefilled link, each either a clean value or absent. It
 * is hint, not input: a value that does not fit is dropped rather than refusing the visitor's message.
 */
export function parseContactContext(input: unknown): ContactContext {
  const values = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const context: ContactContext = {};
  for (const field of CONTEXT_FIELDS) {
    const value = contextValue(values[field]);
    if (value !== undefined) context[field] = value;
  }
  return context;
}

/** True when the hidden field that only bots fill has anything in it. */
export function isHoneypotFilled(input: unknown): boolean {
  if (typeof input !== 'object' || input === null) return false;
  const value = (input as Record<string, unknown>)[HONEYPOT_FIELD];
  return value !== undefined && value !== null && value !== '';
}
