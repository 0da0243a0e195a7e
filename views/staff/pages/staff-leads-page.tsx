import { useEffect, useRef } from 'react';
import { Form, Link, useLoaderData, useNavigation, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { INTEREST_LABELS } from '../../../src/contact/contact-schema';
import { INTERESTS } from '../../../src/contact/interest';
import { LEAD_STATUS_LABELS, LEAD_STATUSES, leadsContext, type LeadDashboard, type LeadFilter, type LeadListPage, type LeadPerson } from '../../../src/leads/leads';
import { siteDataContext } from '../../../src/route-context/route-context';
import { staffRequestContext } from '../../../src/route-context/staff-route-context';
import { buttonClasses } from '../../components/button-styles';
import { Card } from '../../components/card';
import { LeadList } from '../components/lead-list';
import { durationText } from '../components/lead-text';
import { staffInputClasses } from '../components/sign-in-fields';
import { useStaffLayout } from '../layout/staff-layout';
import type { StaffPageModule } from '../layout/staff-page-module';
import { isFiltered, leadFilterFrom, leadFilterQuery } from './lead-filter';
import { staffAnswer } from './owner-answers';

const PAGE = '/staff/leads';

interface LeadsPageData {
  list: LeadListPage;
  dashboard: LeadDashboard;
  filter: LeadFilter;
  showrooms: { id: string; name: string }[];
  /** New leads in the whole inbox: the tab's title starts with it, "(3) Leads", so another tab shows them arriving. */
  titleCount: number;
}

async function leadsLoader({ request, context }: LoaderFunctionArgs): Promise<LeadsPageData> {
  const showrooms = context.get(siteDataContext).business.showrooms.map(({ id, name }) => ({ id, name }));
  const filter = leadFilterFrom(
    new URL(request.url).searchParams,
    showrooms.map((showroom) => showroom.id),
  );
  const leads = context.get(leadsContext);
  const staffRequest = context.get(staffRequestContext);
  return staffAnswer(async () => {
    const [list, dashboard] = await Promise.all([leads.list(filter, staffRequest), leads.dashboard(staffRequest)]);
    return { list, dashboard, filter, showrooms, titleCount: list.newCount };
  }, PAGE);
}

/** How often an open inbox asks for new inquiries; a new one is in the list at most this long after it came. */
const POLL_MILLISECONDS = 20_000;
/**
 * An inbox left open with nobody at it stops asking after this long, so the session's idle expiry
 * (1 hour, decision 011) still signs out an unattended phone or desk.
 */
const UNATTENDED_MILLISECONDS = 30 * 60_000;

/** While the tab is in view and someone is at it, the inbox's data is fetched again every 20 seconds. */
function useNewInquiries() {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const latest = useRef({ revalidator, busy: false });
  latest.current = { revalidator, busy: navigation.state !== 'idle' };
  useEffect(() => {
    let lastSeen = performance.now();
    const seen = () => {
      lastSeen = performance.now();
    };
    const poll = () => {
      const { revalidator: current, busy } = latest.current;
      if (document.visibilityState !== 'visible' || busy || current.state !== 'idle') return;
      if (performance.now() - lastSeen > UNATTENDED_MILLISECONDS) return;
      void current.revalidate();
    };
    const timer = window.setInterval(poll, POLL_MILLISECONDS);
    // Coming back to the tab shows what arrived meanwhile at once.
    const onVisibility = () => {
      if (document.visibilityState !== 'visible') return;
      seen();
      poll();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pointerdown', seen, { passive: true });
    window.addEventListener('keydown', seen);
    window.addEventListener('scroll', seen, { passive: true });
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pointerdown', seen);
      window.removeEventListener('keydown', seen);
      window.removeEventListener('scroll', seen);
    };
  }, []);
}

function Figure({ term, value, alert = false }: { term: string; value: string; alert?: boolean }) {
  return (
    <div className={`rounded-xl px-3 py-2 ${alert ? 'bg-danger-50 ring-1 ring-inset ring-danger-600/40' : 'bg-ink-50'}`}>
      <dt className="text-xs font-semibold text-ink-700">{term}</dt>
      <dd className={`text-xl font-extrabold tabular-nums ${alert ? 'text-danger-700' : 'text-ink-900'}`}>{value}</dd>
    </div>
  );
}

/** The figures a dealer principal asks for, this week, in one line (two rows on a phone). */
function Dashboard({ dashboard }: { dashboard: LeadDashboard }) {
  const threshold = durationText(dashboard.thresholdMinutes * 60);
  return (
    <Card as="section" className="mt-4 p-3">
      <h2 className="sr-only">This week</h2>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Figure term="Leads this week" value={String(dashboard.thisWeek)} />
        <Figure term="Median first response" value={dashboard.medianFirstResponseSeconds === null ? 'None yet' : durationText(dashboard.medianFirstResponseSeconds)} />
        <Figure term="Overdue now" value={String(dashboard.overdueNow)} alert={dashboard.overdueNow > 0} />
        <Figure
          term={`Answered within ${threshold}`}
          value={dashboard.answeredWithinThresholdPercent === null ? 'None yet' : `${Math.round(dashboard.answeredWithinThresholdPercent)}%`}
        />
      </dl>
    </Card>
  );
}

const inputClasses = staffInputClasses(false);
const labelClasses = 'block text-sm font-semibold text-ink-800';

/** The people the assignee filter offers: whoever this page shows as an assignee, and the one chosen. */
function assigneeChoices(list: LeadListPage, chosen: string | undefined): LeadPerson[] {
  const people = new Map<string, LeadPerson>();
  for (const lead of list.leads) if (lead.assignee) people.set(lead.assignee.id, lead.assignee);
  if (chosen && chosen !== 'mine' && chosen !== 'unassigned' && !people.has(chosen)) people.set(chosen, { id: chosen, name: 'The chosen person' });
  return [...people.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Search and filters: a plain GET form, so every view of the inbox is an address (and works without JavaScript). */
function Filters({ filter, list, showrooms }: Pick<LeadsPageData, 'filter' | 'list' | 'showrooms'>) {
  const more = Boolean(filter.assignee || filter.kind || filter.showroom || filter.from || filter.to);
  return (
    <Card as="section" className="mt-4 p-3 sm:p-4">
      <h2 id="leads-filter-title" className="sr-only">
        Search and filter
      </h2>
      {/* Keyed by the filter, so "Clear the filter" and the back button show the fields as the address has them. */}
      <Form key={leadFilterQuery({ ...filter, page: undefined })} method="get" aria-labelledby="leads-filter-title">
        <div className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-2 gap-y-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] sm:items-end">
          <div className="col-span-2 sm:col-span-1">
            <label htmlFor="leads-q" className={labelClasses}>
              Name, e-mail or phone
            </label>
            <input id="leads-q" name="q" type="search" defaultValue={filter.q ?? ''} maxLength={100} autoComplete="off" className={inputClasses} />
          </div>
          <div>
            <label htmlFor="leads-status" className={labelClasses}>
              Status
            </label>
            <select id="leads-status" name="status" defaultValue={filter.status ?? ''} className={inputClasses}>
              <option value="">Every status</option>
              <option value="overdue">Overdue</option>
              {LEAD_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {LEAD_STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={`${buttonClasses('primary', 'md')} self-end`}>
            Show
          </button>
        </div>
        <details open={more} className="group mt-2">
          <summary className="inline-flex min-h-11 cursor-pointer items-center gap-1.5 rounded-md text-sm font-semibold text-brand-700">
            <span aria-hidden="true" className="inline-block transition-transform group-open:rotate-90">
              ▸
            </span>
            Assignee, kind, showroom, dates
          </summary>
          <div className="grid grid-cols-2 gap-3 pb-1 sm:grid-cols-5">
            <div className="col-span-2 sm:col-span-1">
              <label htmlFor="leads-assignee" className={labelClasses}>
                Assignee
              </label>
              <select id="leads-assignee" name="assignee" defaultValue={filter.assignee ?? ''} className={inputClasses}>
                <option value="">Anyone</option>
                <option value="mine">Mine</option>
                <option value="unassigned">Unassigned</option>
                {assigneeChoices(list, filter.assignee).map((person) => (
                  <option key={person.id} value={person.id}>
                    {person.name}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="leads-kind" className={labelClasses}>
                Kind
              </label>
              <select id="leads-kind" name="kind" defaultValue={filter.kind ?? ''} className={inputClasses}>
                <option value="">Every kind</option>
                {INTERESTS.map((kind) => (
                  <option key={kind} value={kind}>
                    {INTEREST_LABELS[kind]}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="leads-showroom" className={labelClasses}>
                Showroom
              </label>
              <select id="leads-showroom" name="showroom" defaultValue={filter.showroom ?? ''} className={inputClasses}>
                <option value="">Every showroom</option>
                {showrooms.map((showroom) => (
                  <option key={showroom.id} value={showroom.id}>
                    {showroom.name}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="leads-from" className={labelClasses}>
                From
              </label>
              <input id="leads-from" name="from" type="date" defaultValue={filter.from ?? ''} className={inputClasses} />
            </div>
            <div>
              <label htmlFor="leads-to" className={labelClasses}>
                To
              </label>
              <input id="leads-to" name="to" type="date" defaultValue={filter.to ?? ''} className={inputClasses} />
            </div>
          </div>
        </details>
      </Form>
      {isFiltered(filter) ? (
        <p className="text-sm">
          <Link to={PAGE} className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
            Clear the filter
          </Link>
        </p>
      ) : null}
    </Card>
  );
}

/** /staff/leads (every role): the inbox, overdue first and then newest first, 25 a page. */
function StaffLeads() {
  const { list, dashboard, filter, showrooms } = useLoaderData<LeadsPageData>();
  const { staff } = useStaffLayout();
  useNewInquiries();
  const withPage = (page: number) => `${PAGE}${leadFilterQuery({ ...filter, page }) ? `?${leadFilterQuery({ ...filter, page })}` : ''}`;
  const everyPage = leadFilterQuery({ ...filter, page: undefined });
  const exportQuery = everyPage ? `?${everyPage}` : '';
  const mayChangeSettings = staff?.role === 'owner' || staff?.role === 'manager';
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4">
        <h1 className="text-2xl font-extrabold tracking-tight text-ink-900">Leads</h1>
        <p role="status" className="text-sm font-semibold text-ink-700">
          {list.newCount === 1 ? '1 new inquiry' : `${list.newCount} new inquiries`}
        </p>
      </div>
      <Dashboard dashboard={dashboard} />
      <Filters filter={filter} list={list} showrooms={showrooms} />
      <section aria-labelledby="leads-list-title" className="mt-5">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <h2 id="leads-list-title" className="text-lg font-bold text-ink-900">
            {isFiltered(filter) ? 'Matching inquiries' : 'Every inquiry'}
          </h2>
          <p className="text-sm text-ink-700">Overdue first, then newest · page {list.page}</p>
        </div>
        {list.leads.length === 0 ? (
          <p className="mt-3 rounded-xl bg-white px-4 py-3 text-ink-700 ring-1 ring-ink-200/70">
            {isFiltered(filter) ? 'No inquiry matches this filter.' : list.page > 1 ? 'No inquiries on this page.' : 'No inquiries yet.'}
          </p>
        ) : (
          <LeadList leads={list.leads} now={list.now} label={`Inquiries, page ${list.page}`} />
        )}
        {list.page > 1 || list.hasNext ? (
          <nav aria-label="Inbox pages" className="mt-4 flex flex-wrap gap-3">
            {list.page > 1 ? (
              <Link to={withPage(list.page - 1)} className={buttonClasses('secondary', 'md')}>
                Previous page
              </Link>
            ) : null}
            {list.hasNext ? (
              <Link to={withPage(list.page + 1)} className={buttonClasses('secondary', 'md')}>
                Next page
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
      <section aria-labelledby="leads-export-title" className="mt-6 border-t border-ink-200 pt-4">
        <h2 id="leads-export-title" className="text-base font-bold text-ink-900">
          Download {isFiltered(filter) ? 'these inquiries' : 'every inquiry'}
        </h2>
        <p className="mt-1 text-sm text-ink-700">Every page of this list, not only this one.</p>
        <p className="mt-2 flex flex-wrap gap-3">
          <a href={`${PAGE}/export.csv${exportQuery}`} download className={buttonClasses('secondary', 'md')}>
            CSV for a spreadsheet
          </a>
          <a href={`${PAGE}/export.xml${exportQuery}`} download className={buttonClasses('secondary', 'md')}>
            ADF XML for a CRM
          </a>
          {mayChangeSettings ? (
            <Link to={`${PAGE}/settings`} className={buttonClasses('ghost', 'md')}>
              Assignment settings
            </Link>
          ) : null}
        </p>
      </section>
    </>
  );
}

export const staffLeadsPage: StaffPageModule = { Component: StaffLeads, loader: leadsLoader };
