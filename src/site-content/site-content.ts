// Promotions, holiday closures and the site notice as staff keep them (issue 24, point 5): what the
// staff pages ask of the server and get back. Shared, plain code (the staff pages import it; no
// Mongoose): the service is services/site-content/site-content-editor.service.ts, reached from a
// page through `siteContentContext`. The business file keeps its own promotions and holidays; what
// staff add joins them (src/site-content/merge-site-content.ts).
import { createContext } from 'react-router';
import type { Holiday, Promotion } from '../config/business-file';
import type { StaffRequest } from '../staff/staff-request';
import type { SiteNotice } from './site-notice';

export { SITE_NOTICE_MAX } from './site-notice-limits';

/** A holiday a staff member added: the business file's holiday with an id to edit it by. */
export type StaffHoliday = Holiday & { id: string };

/** What staff keep in the database: their promotions and holidays, and the notice (or none). */
export interface StaffSiteContent {
  promotions: Promotion[];
  holidays: StaffHoliday[];
  notice: SiteNotice | null;
}

/** Where an entry comes from: the business file (read-only here) or the staff area. */
export type ContentSource = 'file' | 'staff';

/** Everything the staff pages list, file entries included and marked. */
export interface SiteContentView {
  promotions: (Promotion & { source: ContentSource })[];
  holidays: ((Holiday & { source: 'file'; id?: undefined }) | (StaffHoliday & { source: 'staff' }))[];
  notice: SiteNotice | null;
  /** The showrooms a holiday can name. */
  showrooms: { id: string; name: string }[];
  /** Today in New Jersey (YYYY-MM-DD): what is past, running or to come. */
  today: string;
  /** Whether the reader may change them (managers and owners). */
  canChange: boolean;
}

/** A promotion as its form sends it. */
export interface PromotionInput {
  title: string;
  text: string;
  start: string;
  end: string;
  /** Checked places; none checked is refused (every place is a choice of its own). */
  places: string[];
}

/** A holiday as its form sends it: opens and closes both empty for a day closed throughout; no showroom for all of them. */
export interface HolidayInput {
  name: string;
  date: string;
  opens: string;
  closes: string;
  showrooms: string[];
}

/** The notice as its form sends it (link empty for none). */
export interface NoticeInput {
  text: string;
  link: string;
  start: string;
  end: string;
}

export type SiteContentField = keyof PromotionInput | keyof HolidayInput | keyof NoticeInput;

/** A change's answer: done, or refused with a message per field (nothing saved) or for the whole form. */
export type SiteContentChange = { ok: true; id?: string } | { ok: false; status: number; fieldErrors: Partial<Record<SiteContentField, string>>; message?: string };

export interface SiteContentEditor {
  /** Every promotion, holiday and the notice; any staff member may read them. */
  read(request: StaffRequest): Promise<SiteContentView>;
  /** Adds a promotion (no id) or changes a staff one; the business file's cannot be changed here. */
  savePromotion(id: string | undefined, input: PromotionInput, request: StaffRequest): Promise<SiteContentChange>;
  deletePromotion(id: string, request: StaffRequest): Promise<SiteContentChange>;
  saveHoliday(id: string | undefined, input: HolidayInput, request: StaffRequest): Promise<SiteContentChange>;
  deleteHoliday(id: string, request: StaffRequest): Promise<SiteContentChange>;
  saveNotice(input: NoticeInput, request: StaffRequest): Promise<SiteContentChange>;
  clearNotice(request: StaffRequest): Promise<SiteContentChange>;
}

export const siteContentContext = createContext<SiteContentEditor>();
