import { randomUUID } from 'node:crypto';
import { isHoneypotFilled, parseContactContext } from '../src/contact/contact-schema';
import { parseContact } from '../src/contact/contact-schema.server';
import type { InquirySender } from '../src/contact/inquiry-sender';
import { parseLeadSource } from '../src/contact/lead-source.server';
import { StoreUnavailableError } from '../src/db/store-unavailable-error';
import type { Logger } from '../src/logging/logger.server';
import type { Clock } from '../src/time/clock';
import type { InquiryService } from './inquiry.service';

const INVALID = 'Please correct the highlighted fields.';

/**
 * The server's side of the contact form, for the JSON API and the contact route's action alike:
 * checks the fields with the schema, then stores the inquiry (its e-mails go out from the outbox).
 * A filled honeypot is a bot: it is told what a person would be told, and nothing is kept.
 */
export function createInquirySender(inquiries: InquiryService, { logger, clock }: { logger: Logger; clock: Clock }): InquirySender {
  return {
    async send(values) {
      if (isHoneypotFilled(values)) return { ok: true, id: randomUUID(), createdAt: clock().toISOString() };
      const parsed = parseContact(values);
      if (!parsed.success) return { ok: false, failure: 'invalid', fieldErrors: parsed.fieldErrors, formError: INVALID };
      try {
        const stored = await inquiries.submit(parsed.data, parseContactContext(values), parseLeadSource(values));
        logger.info({ inquiryId: stored.id }, 'inquiry stored');
        return { ok: true, ...stored };
      } catch (error) {
        // The visitor keeps what they typed and is told what to do instead.
        if (error instanceof StoreUnavailableError) return { ok: false, failure: 'unavailable', fieldErrors: {}, formError: error.visitorMessage };
        throw error;
      }
    },
  };
}
