import { leadRepository } from '../../models/lead.repository';
import type { Logger } from '../../src/logging/logger.server';
import { initialLeadState, leadTimingOf } from './lead-state';
import type { BusinessProfile } from '../../src/config/business-profile';

/** How many inquiries one round reads and updates. */
const BATCH = 500;

/**
 * Gives every inquiry stored before the leads inbox its lead state, once: new, due after the
 * threshold from when it arrived (so an old one shows as overdue until someone moves it), findable
 * by its keys, without a showroom (the unit's location was not stored with it). Reads only the
 * inquiries without one, in the {lead.status, lead.dueAt} index's null key, so a start with
 * nothing to do reads nothing; each update is conditional, so two processes starting at once give
 * each inquiry one state. Resolves with how many were given one.
 */
export async function backfillLeads(options: {
  business: Pick<BusinessProfile, 'hours' | 'holidays'> & { leadResponseMinutes?: number; leads?: { responseMinutes: number } };
  logger: Logger;
}): Promise<number> {
  const timing = leadTimingOf(options.business);
  let total = 0;
  for (;;) {
    const inquiries = await leadRepository.withoutLead(BATCH);
    if (inquiries.length === 0) break;
    const given = await leadRepository.setLeadStates(inquiries.map((inquiry) => ({ id: inquiry.id, lead: initialLeadState(inquiry, timing, undefined) })));
    total += given;
    // None given: another process is giving them theirs (it finishes the rest), or none can be written.
    if (given === 0) break;
  }
  if (total > 0) options.logger.info({ inquiries: total }, 'gave the inquiries stored before the leads inbox their lead state');
  return total;
}
