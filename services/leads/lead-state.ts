import { leadRepository } from '../../models/lead.repository';
import type { StoredLead } from '../../models/inquiry.model';
import { objectIdOf } from '../../models/object-id';
import type { Schedule } from '../../src/business/open-status';
import { DEFAULT_LEAD_RESPONSE_MINUTES } from '../../src/config/business-file';
import type { BusinessProfile } from '../../src/config/business-profile';
import { leadDueAt, leadSchedule } from '../../src/leads/lead-due';
import { leadSearchKeys } from '../../src/leads/lead-search';

/** When the phones answer and how long a new lead may wait: what every due time is computed from. */
export interface LeadTiming {
  schedule: Schedule;
  thresholdMinutes: number;
}

/** The business's lead timing, from its profile or its file (`leads.responseMinutes`, 60 when absent). */
export function leadTimingOf(business: Pick<BusinessProfile, 'hours' | 'holidays'> & { leadResponseMinutes?: number; leads?: { responseMinutes: number } }): LeadTiming {
  return {
    schedule: leadSchedule(business),
    thresholdMinutes: business.leadResponseMinutes ?? business.leads?.responseMinutes ?? DEFAULT_LEAD_RESPONSE_MINUTES,
  };
}

/** The contact details and arrival of an inquiry: what its lead state is made from. */
export interface LeadIntakeInquiry {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  createdAt: Date;
}

/** A lead as it starts: new, due after the threshold in business hours, findable by its keys. */
export function initialLeadState(inquiry: LeadIntakeInquiry, timing: LeadTiming, showroom: string | undefined): StoredLead {
  return {
    status: 'new',
    dueAt: leadDueAt(inquiry.createdAt, timing.schedule, timing.thresholdMinutes),
    ...(showroom ? { showroom } : {}),
    searchKeys: leadSearchKeys(inquiry),
    history: [],
    notes: [],
  };
}

/**
 * The sales account whose turn it is, when the inbox's setting is round-robin. A problem reading
 * the setting or the staff leaves the lead unassigned, never the inquiry unsaved: storing it says
 * whether the database is there.
 */
async function roundRobinAssignee(now: Date): Promise<string | null> {
  try {
    if ((await leadRepository.settings()).assignment !== 'round-robin') return null;
    return await leadRepository.takeRoundRobinTurn(now);
  } catch {
    return null;
  }
}

/** Gives a new inquiry its lead state as it is stored (services/inquiry.service.ts). */
export interface LeadIntake {
  /** `unitLocation`: the showroom id where the unit asked about stands, if a unit was named. */
  leadOf(inquiry: LeadIntakeInquiry, unitLocation: string | undefined): Promise<StoredLead>;
}

export interface LeadIntakeOptions {
  business: Pick<BusinessProfile, 'hours' | 'holidays' | 'leadResponseMinutes' | 'showrooms'>;
  /**
   * The holidays as the site shows them now: the business file's and those staff add at
   * /staff/closures (services/site-content/site-content-reader.ts). Without it, the file's.
   */
  holidays?: () => Promise<BusinessProfile['holidays']>;
}

/**
 * New leads: their due time from the business hours and holidays (a closure staff added today
 * moves it to the next opening), the showroom of the unit asked about (when the business file
 * knows it), and, when the inbox's setting is round-robin, the active sales account whose turn it
 * is (an automatic assignment in the history).
 */
export function createLeadIntake(options: LeadIntakeOptions): LeadIntake {
  const fileTiming = leadTimingOf(options.business);
  let current: { holidays: BusinessProfile['holidays']; timing: LeadTiming } | undefined;
  const timing = async (): Promise<LeadTiming> => {
    if (!options.holidays) return fileTiming;
    const holidays = await options.holidays();
    // The holidays change only when staff change them: the schedule is worked out once per change.
    if (current?.holidays !== holidays) current = { holidays, timing: leadTimingOf({ ...options.business, holidays }) };
    return current.timing;
  };
  const showroomIds = new Set(options.business.showrooms.map((showroom) => showroom.id));
  return {
    async leadOf(inquiry, unitLocation) {
      const lead = initialLeadState(inquiry, await timing(), unitLocation && showroomIds.has(unitLocation) ? unitLocation : undefined);
      const assigneeId = await roundRobinAssignee(inquiry.createdAt);
      const stored = assigneeId ? objectIdOf(assigneeId) : null;
      if (!assigneeId || !stored) return lead;
      return { ...lead, assigneeId: stored, history: [{ at: inquiry.createdAt, change: 'assignee', to: assigneeId, automatic: true }] };
    },
  };
}
