import { Form, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { staffRequestContext } from '../../../src/route-context/staff-route-context';
import { AUDIT_EVENT_KINDS, isAuditEventKind } from '../../../src/staff/audit-event-kind';
import { staffAccountsContext, type AuditLogFilter, type AuditPageCursor } from '../../../src/staff/staff-accounts';
import { buttonClasses } from '../../components/button-styles';
import { Card } from '../../components/card';
import { AuditEventList, auditEventRow, type AuditEventRow } from '../components/audit-event-list';
import { staffInputClasses } from '../components/sign-in-fields';
import { staffAnswer } from './owner-answers';
import type { StaffPageModule } from '../layout/staff-page-module';

interface AuditPageData {
  events: AuditEventRow[];
  /** The query string of the next (older) page, or null at the end. */
  older: string | null;
  /** The filters as read from the query string ('' for none). */
  person: string;
  kind: string;
  /** Whether this page starts after a cursor (a link back to the newest is offered). */
  paged: boolean;
  people: { id: string; label: string }[];
}

/** A page cursor in the query string: the last event's time and id, `2026-11-26T15:04:05.123Z_<id>`. */
export function cursorText(cursor: AuditPageCursor): string {
  return `${cursor.at.toISOString()}_${cursor.id}`;
}

/** A cursor read back from the query string, or undefined when it is not one (the first page is shown). */
export function parseCursor(text: string | null): AuditPageCursor | undefined {
  const match = text ? /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([0-9a-f]{24})$/.exec(text) : null;
  if (!match) return undefined;
  const at = new Date(match[1]!);
  return Number.isNaN(at.getTime()) ? undefined : { at, id: match[2]! };
}

async function auditLoader({ request, context }: LoaderFunctionArgs): Promise<AuditPageData> {
  const url = new URL(request.url);
  const person = url.searchParams.get('person') ?? '';
  const kind = url.searchParams.get('kind') ?? '';
  const before = parseCursor(url.searchParams.get('before'));
  const filter: AuditLogFilter = {
    ...(/^[0-9a-f]{24}$/.test(person) ? { staffId: person } : {}),
    ...(isAuditEventKind(kind) ? { kind } : {}),
    ...(before ? { before } : {}),
  };
  const accounts = context.get(staffAccountsContext);
  const staffRequest = context.get(staffRequestContext);
  return staffAnswer(async () => {
    const [page, people] = await Promise.all([accounts.auditLog(filter, staffRequest), accounts.list(staffRequest)]);
    const query = (cursor: AuditPageCursor) =>
      new URLSearchParams({
        ...(filter.staffId ? { person: filter.staffId } : {}),
        ...(filter.kind ? { kind: filter.kind } : {}),
        before: cursorText(cursor),
      }).toString();
    return {
      events: page.events.map(auditEventRow),
      older: page.next ? query(page.next) : null,
      person: filter.staffId ?? '',
      kind: filter.kind ?? '',
      paged: before !== undefined,
      people: people.map((member) => ({ id: member.id, label: `${member.name} (${member.email})` })),
    };
  }, '/staff/audit');
}

const selectClasses = staffInputClasses(false);

/**
 * /staff/audit (owners): the audit log, newest first, 50 a page, filtered by person and kind in the
 * query string (a plain GET form, so it works without JavaScript), older pages by a `before` cursor.
 * Times in New Jersey time with the UTC instant beside.
 */
function StaffAudit() {
  const { events, older, person, kind, paged, people } = useLoaderData<AuditPageData>();
  const filtered = person !== '' || kind !== '';
  return (
    <>
      <h1 className="text-2xl font-extrabold tracking-tight text-ink-900">Audit log</h1>
      <p className="mt-1 text-ink-700">
        Who did what, when and from where: every sign-in, refusal and change to staff accounts, kept for a year. Times are New Jersey time, UTC below.
      </p>
      <Card as="section" className="mt-5 p-4">
        <h2 id="audit-filter-title" className="sr-only">
          Filter
        </h2>
        <Form method="get" aria-labelledby="audit-filter-title" className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end">
          <div>
            <label htmlFor="audit-person" className="block text-sm font-semibold text-ink-800">
              Person
            </label>
            <select id="audit-person" name="person" defaultValue={person} className={selectClasses}>
              <option value="">Everyone</option>
              {people.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="audit-kind" className="block text-sm font-semibold text-ink-800">
              Kind
            </label>
            <select id="audit-kind" name="kind" defaultValue={kind} className={selectClasses}>
              <option value="">Every kind</option>
              {AUDIT_EVENT_KINDS.map((each) => (
                <option key={each} value={each}>
                  {each}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={buttonClasses('primary', 'md')}>
            Show
          </button>
        </Form>
        {filtered ? (
          <p className="mt-3 text-sm">
            <Link to="/staff/audit" className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
              Clear the filter
            </Link>
          </p>
        ) : null}
      </Card>
      <AuditEventList events={events} label="Audit events, newest first" />
      <nav aria-label="Audit log pages" className="mt-6 flex flex-wrap gap-3">
        {paged ? (
          <Link
            to={`/staff/audit?${new URLSearchParams({ ...(person ? { person } : {}), ...(kind ? { kind } : {}) }).toString()}`}
            className={buttonClasses('secondary', 'md')}
          >
            Newest events
          </Link>
        ) : null}
        {older ? (
          <Link to={`/staff/audit?${older}`} className={buttonClasses('secondary', 'md')}>
            Older events
          </Link>
        ) : null}
      </nav>
    </>
  );
}

export const staffAuditPage: StaffPageModule = { Component: StaffAudit, loader: auditLoader };
