import { INTERESTS, type Interest } from '../../../src/contact/interest';
import { isLeadStatus, type LeadFilter } from '../../../src/leads/leads';

// The inbox's filters as its address carries them (/staff/leads?status=overdue&assignee=mine…), read
// by the inbox and by its exports alike, so a download holds exactly the list on the screen. A
// value that is not one the inbox offers is left out (the filter is then off), never passed on.

const STAFF_ID = /^[0-9a-f]{24}$/;
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Longer than any name, e-mail address or phone number worth searching for. */
const SEARCH_LENGTH = 100;
/** Far past the last page of any inbox; a larger number is a typo, answered with the first page. */
const LAST_PAGE = 100_000;

function isCalendarDate(text: string): boolean {
  if (!CALENDAR_DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

const isInterest = (value: string): value is Interest => (INTERESTS as readonly string[]).includes(value);

/** The filter an inbox address asks for; `showrooms` are the business file's showroom ids. */
export function leadFilterFrom(search: URLSearchParams, showrooms: readonly string[]): LeadFilter {
  const text = (name: string) => search.get(name)?.trim() ?? '';
  const status = text('status');
  const assignee = text('assignee');
  const kind = text('kind');
  const showroom = text('showroom');
  const from = text('from');
  const to = text('to');
  const q = text('q').slice(0, SEARCH_LENGTH).trim();
  const page = /^\d{1,6}$/.test(text('page')) ? Number(text('page')) : 1;
  return {
    ...(status === 'overdue' || isLeadStatus(status) ? { status } : {}),
    ...(assignee === 'mine' || assignee === 'unassigned' || STAFF_ID.test(assignee) ? { assignee } : {}),
    ...(isInterest(kind) ? { kind } : {}),
    ...(showrooms.includes(showroom) ? { showroom } : {}),
    ...(isCalendarDate(from) ? { from } : {}),
    ...(isCalendarDate(to) ? { to } : {}),
    ...(q ? { q } : {}),
    ...(page > 1 && page <= LAST_PAGE ? { page } : {}),
  };
}

/** The query string of a filter (without "?"), in the form's order; `page` only past the first. */
export function leadFilterQuery(filter: LeadFilter): string {
  const params = new URLSearchParams();
  for (const name of ['q', 'status', 'assignee', 'kind', 'showroom', 'from', 'to'] as const) {
    const value = filter[name];
    if (value) params.set(name, value);
  }
  if (filter.page && filter.page > 1) params.set('page', String(filter.page));
  return params.toString();
}

/** Whether any filter is on (the page number aside). */
export function isFiltered(filter: LeadFilter): boolean {
  return leadFilterQuery({ ...filter, page: undefined }) !== '';
}
