import { z } from 'zod';
import { INTERESTS } from './interest';
import { MAX_LENGTH, MULTI_LINE_FORBIDDEN, SINGLE_LINE_FORBIDDEN, type ContactField, type ContactFieldErrors, type ContactParseResult } from './contact-schema';

// The server's contact rules, the authority: the browser's form checks the same rules with plain
// code (checkContact in contact-schema.ts) so that zod stays out of the browser bundle;
// contact-schema.test.ts holds the two to the same results and messages.

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

/** The contact form's rules: the messages of docs/product.md#the-contact-form, plus what a server must also refuse. */
export const contactSchema = z.object({
  firstName: singleLine('First name', 'First name is required', 1, MAX_LENGTH.firstName),
  lastName: singleLine('Last name', 'Last name is required', 1, MAX_LENGTH.lastName),
  email: text('Email', 'Invalid email address')
    .trim()
    .max(MAX_LENGTH.email, `Email must be at most ${MAX_LENGTH.email} characters`)
    .pipe(z.email({ error: 'Invalid email address' })),
  phone: singleLine('Phone number', 'Phone number is required', 10, MAX_LENGTH.phone),
  interest: z.enum(INTERESTS, { error: 'Choose sales, service, parts or general' }).default('sales'),
  message: text('Message', 'Message must be at least 10 characters')
    .refine((value) => !MULTI_LINE_FORBIDDEN.test(value), 'Message must be plain text')
    .trim()
    .min(10, 'Message must be at least 10 characters')
    .max(MAX_LENGTH.message, `Message must be at most ${MAX_LENGTH.message} characters`),
});

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
