import { z } from '../lib/zod';
import type { Interest } from '../lib/contact-path';

// Imported by the browser's contact form and by the server alike: zod only, nothing server-side.

export const CONTACT_INTERESTS = ['sales', 'service', 'parts', 'general'] as const satisfies readonly Interest[];

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

export const MAX_LENGTH = { firstName: 100, lastName: 100, email: 254, phone: 40, message: 5000, context: 120 } as const;

// C0 and C1 controls, DEL, the Unicode line and paragraph separators and the bidirectional
// overrides: none belongs in a name, an address or a phone number, and CR/LF could start a mail header.
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
// A message may have line breaks and tabs; other controls are still refused.
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** Text only: a number, an array or an object is refused, never cast. A missing value reads as required. */
function text(label: string, requiredMessage: string) {
  return z.string({ error: (issue) => (issue.input === undefined ? requiredMessage : `${label} must be text`) });
}

function singleLine(label: string, requiredMessage: string, minLength: number, max: number) {
  return text(label, requiredMessage)
    .refine((value) => !SINGLE_LINE_FORBIDDEN.test(value), `${label} must be a single line of plain text`)
    .trim()
    .min(minLength, requiredMessage)
    .max(max, `${label} must be at most ${max} characters`);
}

/** The contact form's rules: the spec's messages, plus what a server must also refuse. */
export const contactSchema = z.object({
  firstName: singleLine('First name', 'First name is required', 1, MAX_LENGTH.firstName),
  lastName: singleLine('Last name', 'Last name is required', 1, MAX_LENGTH.lastName),
  email: text('Email', 'Invalid email address')
    .trim()
    .max(MAX_LENGTH.email, `Email must be at most ${MAX_LENGTH.email} characters`)
    .pipe(z.email({ error: 'Invalid email address' })),
  phone: singleLine('Phone number', 'Phone number is required', 10, MAX_LENGTH.phone),
  interest: z.enum(CONTACT_INTERESTS, { error: 'Choose sales, service, parts or general' }).default('sales'),
  message: text('Message', 'Message must be at least 10 characters')
    .refine((value) => !MULTI_LINE_FORBIDDEN.test(value), 'Message must be plain text')
    .trim()
    .min(10, 'Message must be at least 10 characters')
    .max(MAX_LENGTH.message, `Message must be at most ${MAX_LENGTH.message} characters`),
});

export type ContactInput = z.infer<typeof contactSchema>;
export type ContactFieldErrors = Partial<Record<ContactField, string[]>>;

/**
 * What a prefilled link carried along with the form. It is hint, not input: a value that does not
 * fit is dropped rather than refusing the visitor's message.
 */
const contextValue = z
  .string()
  .trim()
  .max(MAX_LENGTH.context)
  .refine((value) => value !== '' && !SINGLE_LINE_FORBIDDEN.test(value))
  .optional()
  .catch(undefined);

export const contactContextSchema = z.object({ topic: contextValue, plan: contextValue, vehicle: contextValue });
export type ContactContext = z.infer<typeof contactContextSchema>;

export type ContactParseResult = { success: true; data: ContactInput } | { success: false; fieldErrors: ContactFieldErrors };

/**
 * Checks a submission against the form's rules; unknown fields (an id, a createdAt) are ignored.
 * Each invalid field gets one message, the first rule it breaks.
 */
export function parseContact(input: unknown): ContactParseResult {
  const result = contactSchema.safeParse(input);
  if (result.success) return { success: true, data: result.data };
  const fieldErrors: ContactFieldErrors = {};
  for (const [field, messages] of Object.entries(z.flattenError(result.error).fieldErrors) as [ContactField, string[] | undefined][]) {
    if (messages?.length) fieldErrors[field] = [messages[0]!];
  }
  return { success: false, fieldErrors };
}

/** The context fields of a submission, each either a clean value or absent. */
export function parseContactContext(input: unknown): ContactContext {
  const result = contactContextSchema.safeParse(typeof input === 'object' && input !== null ? input : {});
  return result.success ? result.data : {};
}

/** True when the hidden field that only bots fill has anything in it. */
export function isHoneypotFilled(input: unknown): boolean {
  if (typeof input !== 'object' || input === null) return false;
  const value = (input as Record<string, unknown>)[HONEYPOT_FIELD];
  return value !== undefined && value !== null && value !== '';
}
