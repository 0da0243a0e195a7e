// The leads inbox (issue 23): what its pages ask of the server and what they get back. Shared, plain
// code (the staff pages import it; no zod, no Mongoose): the service is
// services/leads/leads.service.ts, reached from a page through `leadsContext`.
import { createContext } from 'react-router';
import type { Interest } from '../contact/interest';
import type { LeadSource } from '../contact/lead-source';
import type { StaffRequest } from '../staff/staff-request';

/** Where a lead stands: new until a person first answers it; spam is set aside and left out of the figures. */
export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'won', 'lost', 'spam'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  won: 'Won',
  lost: 'Lost',
  spam: 'Spam',
};

/** The moves out of "new" that answer a lead and so record its first response (spam does not). */
export const ANSWERING_STATUSES: readonly LeadStatus[] = ['contacted', 'qualified', 'won', 'lost'];

export function isLeadStatus(value: unknown): value is LeadStatus {
  return typeof value === 'string' && (LEAD_STATUSES as readonly string[]).includes(value);
}

/** How many leads a page of the inbox lists. */
export const LEADS_PAGE_SIZE = 25;

/**
 * The inbox's filters, as its query string carries them (every one optional; all ANDed):
 * `status` (a status, or `overdue`: new and past due), `assignee` (`mine`, `unassigned` or a staff
 * id), `kind` (the inquiry's interest), `showroom` (a showroom's id from the business file),
 * `from`/`to` (New Jersey calendar dates, inclusive), `q` (a search over name, e-mail and phone),
 * `page` (from 1).
 */
export interface LeadFilter {
  status?: LeadStatus | 'overdue';
  assignee?: 'mine' | 'unassigned' | string;
  kind?: Interest;
  showroom?: string;
  from?: string;
  to?: string;
  q?: string;
  page?: number;
}

/** A person as the inbox names them. */
export interface LeadPerson {
  id: string;
  name: string;
}

/** What the inquiry asked about: a unit (with its stock number) or a model page, else the interest alone. */
export interface LeadSubject {
  /** "2025 Evolution D5 Ranger 4 Plus", or the interest's label ("Service") when no vehicle was named. */
  label: string;
  stockNumber?: string;
  /** The public page of the unit or model ("/vehicles/…"), when it names one. */
  href?: string;
}

/** One row of the inbox. Every time is an ISO 8601 string (loader data is JSON). */
export interface LeadListing {
  id: string;
  receivedAt: string;
  name: string;
  email: string;
  phone: string;
  kind: Interest;
  subject: LeadSubject;
  showroom?: { id: string; name: string };
  status: LeadStatus;
  assignee?: LeadPerson;
  /** When a lead still new becomes overdue (business hours from the business file). */
  dueAt: string;
  /** New and past due at the time of the answer. */
  overdue: boolean;
  /** The first move out of "new" by a person, and how long the lead had waited for it in business seconds. */
  firstResponse?: { at: string; by: LeadPerson; businessSeconds: number };
}

/** A page of the inbox: past-due leads first (longest overdue first), then every other lead newest first. */
export interface LeadListPage {
  /** The moment the answer was made (the page shows "waited 2 h" from it, on the server and in the browser alike). */
  now: string;
  leads: LeadListing[];
  page: number;
  hasNext: boolean;
  /** New (unanswered) leads in the whole inbox, for the tab title. */
  newCount: number;
}

/** The dashboard line at the top of the inbox (spam left out). Times in seconds of business hours. */
export interface LeadDashboard {
  /** Leads received since Monday 00:00 New Jersey time. */
  thisWeek: number;
  /** The median first response of this week's answered leads; null when none is answered yet. */
  medianFirstResponseSeconds: number | null;
  overdueNow: number;
  /** Of this week's leads that were answered or are past due, the share answered within the threshold; null when none. */
  answeredWithinThresholdPercent: number | null;
  /** The threshold itself (business minutes; the business file's, 60 by default). */
  thresholdMinutes: number;
}

/** One e-mail this inquiry owed: the staff e-mail, or the ADF copy for the CRM. */
export interface LeadDelivery {
  kind: 'notification' | 'crmNotification';
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  sentAt?: string;
  nextAttemptAt?: string;
  /** Why the last attempt failed (the mail server's answer, never the message). */
  lastError?: string;
}

export interface LeadNote {
  id: string;
  at: string;
  by: LeadPerson;
  text: string;
}

/** One change of the lead, kept with who and when. */
export type LeadHistoryEntry = { at: string; by?: LeadPerson } & (
  | { change: 'status'; from: LeadStatus; to: LeadStatus }
  | { change: 'assignee'; from?: LeadPerson; to?: LeadPerson; automatic?: boolean }
  | { change: 'resent'; delivery: LeadDelivery['kind'] }
);

/** The lead page. */
export interface LeadDetails extends LeadListing {
  now: string;
  message: string;
  /** How the visit that sent it began: landing page, referring site, utm_* and click ids. */
  source: LeadSource;
  deliveries: LeadDelivery[];
  notes: LeadNote[];
  /** Oldest first. */
  history: LeadHistoryEntry[];
  /** Other inquiries with the same e-mail address or phone number (a repeat customer or a duplicate), newest first. */
  related: LeadListing[];
  /** Whether the reader may change this lead (sales: unassigned ones and their own; managers and owners: any). */
  canChange: boolean;
  /** The active staff it can be assigned to. */
  assignable: LeadPerson[];
}

/** What a change did, or why it was refused (the page shows the message beside the form). */
export type LeadChange = { ok: true } | { ok: false; status: 400 | 403 | 404 | 409; message: string };

/** How new leads get an assignee: by a person, or in turn among the active sales accounts. */
export type LeadAssignmentMode = 'manual' | 'round-robin';

export interface LeadSettings {
  assignment: LeadAssignmentMode;
}

/** An export of the filtered list (every page of it), as a file to download. */
export interface LeadExport {
  filename: string;
  contentType: string;
  body: string;
}

export interface Leads {
  /** A page of the inbox for the reader (`mine` is the reader). */
  list(filter: LeadFilter, request: StaffRequest): Promise<LeadListPage>;
  dashboard(request: StaffRequest): Promise<LeadDashboard>;
  /** The lead page, or null for no such lead. */
  get(id: string, request: StaffRequest): Promise<LeadDetails | null>;
  /** Moves the lead to a status; the first answering move records the first response (and takes an unassigned lead). */
  setStatus(id: string, status: LeadStatus, request: StaffRequest): Promise<LeadChange>;
  /** Assigns the lead to an active staff member, or to nobody (null). */
  assign(id: string, staffId: string | null, request: StaffRequest): Promise<LeadChange>;
  /** A staff note on the lead (plain text, up to 2,000 characters). */
  addNote(id: string, text: string, request: StaffRequest): Promise<LeadChange>;
  /** Puts a failed e-mail of this inquiry back in the outbox. */
  resend(id: string, delivery: LeadDelivery['kind'], request: StaffRequest): Promise<LeadChange>;
  /**
   * The filtered list (all of it, not a page) as CSV or ADF XML; audit-logged. Null when no lead
   * matches: there is no file to give (an ADF document must hold at least one prospect).
   */
  export(filter: LeadFilter, format: 'csv' | 'adf', request: StaffRequest): Promise<LeadExport | null>;
  settings(): Promise<LeadSettings>;
  /** Owners and managers only. */
  changeSettings(settings: LeadSettings, request: StaffRequest): Promise<LeadChange>;
}

export const leadsContext = createContext<Leads>();
