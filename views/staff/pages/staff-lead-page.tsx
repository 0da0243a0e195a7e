import type { ReactNode } from 'react';
import { data, Link, redirect, useActionData, useLoaderData, useNavigation, useSearchParams, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { INTEREST_LABELS } from '../../../src/contact/contact-schema';
import { CAMPAIGN_PARAMETERS, type LeadSourceField } from '../../../src/contact/lead-source';
import {
  isLeadStatus,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  leadsContext,
  type LeadChange,
  type LeadDelivery,
  type LeadDetails,
  type LeadHistoryEntry,
} from '../../../src/leads/leads';
import { staffRequestContext } from '../../../src/route-context/staff-route-context';
import { buttonClasses } from '../../components/button-styles';
import { Card } from '../../components/card';
import { LeadList, LeadReceived, LeadSubjectLine, LeadWait } from '../components/lead-list';
import { LeadStatusBadge } from '../components/lead-status';
import { durationText, replyMailto, shortTimeText, telHref } from '../components/lead-text';
import { staffInputClasses } from '../components/sign-in-fields';
import { StaffForm } from '../components/staff-form';
import { StaffTime } from '../components/staff-time';
import { useStaffLayout } from '../layout/staff-layout';
import type { StaffPageModule } from '../layout/staff-page-module';
import { fieldText, staffAnswer, type ChangeRefusal } from './owner-answers';

/** The longest note the service keeps (src/leads/leads.ts). */
const NOTE_LENGTH = 2000;

const pageOf = (leadId: string) => `/staff/leads/${encodeURIComponent(leadId)}`;

async function leadLoader({ params, context }: LoaderFunctionArgs): Promise<{ lead: LeadDetails }> {
  const leadId = params.leadId ?? '';
  const lead = await staffAnswer(() => context.get(leadsContext).get(leadId, context.get(staffRequestContext)), pageOf(leadId));
  if (!lead) throw data('There is no inquiry at this address.', { status: 404 });
  return { lead };
}

const INTENTS = ['contacted', 'status', 'assign', 'note', 'resend'] as const;
type LeadIntent = (typeof INTENTS)[number];
const isIntent = (value: string): value is LeadIntent => (INTENTS as readonly string[]).includes(value);

/** A refused change; a refused note comes back with its text, so nothing typed is lost. */
interface LeadRefusal extends ChangeRefusal {
  note?: string;
}

const refusal = (status: 400, message: string): LeadChange => ({ ok: false, status, message });

/** Every change on the lead page, by the form's `intent`; the service decides who may (403) and answers why not. */
async function leadAction({ params, request, context }: ActionFunctionArgs) {
  const leadId = params.leadId ?? '';
  const form = await request.formData();
  const intent = fieldText(form, 'intent');
  const leads = context.get(leadsContext);
  const staffRequest = context.get(staffRequestContext);
  const note = fieldText(form, 'note').trim();
  const change = await staffAnswer(async (): Promise<LeadChange> => {
    if (!isIntent(intent)) return refusal(400, 'This form is not known here. Reload the page and try again.');
    if (intent === 'contacted') return leads.setStatus(leadId, 'contacted', staffRequest);
    if (intent === 'status') {
      const status = fieldText(form, 'status');
      return isLeadStatus(status) ? leads.setStatus(leadId, status, staffRequest) : refusal(400, 'Choose one of the statuses.');
    }
    if (intent === 'assign') {
      const assignee = fieldText(form, 'assignee');
      return leads.assign(leadId, assignee === '' ? null : assignee, staffRequest);
    }
    if (intent === 'note') {
      if (note === '') return refusal(400, 'Write the note first.');
      if (note.length > NOTE_LENGTH)
        return refusal(400, `A note can be up to ${NOTE_LENGTH.toLocaleString('en-US')} characters; this one has ${note.length.toLocaleString('en-US')}.`);
      return leads.addNote(leadId, note, staffRequest);
    }
    const delivery = fieldText(form, 'delivery');
    if (delivery !== 'notification' && delivery !== 'crmNotification') return refusal(400, 'Choose the e-mail to send again.');
    return leads.resend(leadId, delivery, staffRequest);
  }, pageOf(leadId));
  if (!change.ok) {
    return data<LeadRefusal>({ intent, error: change.message, ...(intent === 'note' ? { note: note.slice(0, NOTE_LENGTH) } : {}) }, { status: change.status });
  }
  return redirect(`${pageOf(leadId)}?done=${intent}`, 303);
}

const DONE_MESSAGES: Record<LeadIntent, string> = {
  contacted: 'Marked contacted.',
  status: 'The status is changed.',
  assign: 'The assignment is changed.',
  note: 'Your note is added.',
  resend: 'The e-mail is back in the outbox and goes out again shortly.',
};

const DELIVERY_LABELS: Record<LeadDelivery['kind'], string> = {
  notification: 'Staff e-mail',
  crmNotification: 'CRM copy (ADF)',
};

const SOURCE_LABELS: Record<LeadSourceField, string> = {
  landingPage: 'Landing page',
  referrer: 'Referred by',
  ...Object.fromEntries(Object.entries(CAMPAIGN_PARAMETERS).map(([field, parameter]) => [field, parameter])),
} as Record<LeadSourceField, string>;

const inputClasses = staffInputClasses(false);

/** A refusal of this form, announced and shown above it. */
function RefusalLine({ refusal: refused, intent, lead }: { refusal: LeadRefusal | undefined; intent: LeadIntent; lead: LeadDetails }) {
  if (refused?.intent !== intent || refusedAtTop(refused, lead)) return null;
  return (
    <p id={`${intent}-error`} role="alert" className="mt-3 rounded-xl bg-danger-50 px-4 py-3 text-sm font-semibold text-danger-700">
      {refused.error}
    </p>
  );
}

/**
 * Where a refusal is shown: beside its form, or at the top when that form is not on the page (the
 * lead is not the reader's to change, "Mark contacted", a delivery no longer failed, an unknown form).
 */
function refusedAtTop(refused: LeadRefusal, lead: LeadDetails): boolean {
  if (!lead.canChange || !isIntent(refused.intent) || refused.intent === 'contacted') return true;
  return refused.intent === 'resend' && !lead.deliveries.some((delivery) => delivery.status === 'failed');
}

function Panel({ id, title, children, className = '' }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <Card as="section" className={`p-4 sm:p-5 ${className}`}>
      <h2 id={id} className="text-lg font-bold text-ink-900">
        {title}
      </h2>
      {children}
    </Card>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="py-1.5 sm:grid sm:grid-cols-[9rem_minmax(0,1fr)] sm:gap-3">
      <dt className="text-sm font-semibold text-ink-700">{term}</dt>
      <dd className="break-words text-ink-900">{children}</dd>
    </div>
  );
}

function deliveryState(delivery: LeadDelivery): ReactNode {
  if (delivery.status === 'sent') return <span className="font-semibold text-success-700">Sent{delivery.sentAt ? ` ${shortTimeText(delivery.sentAt)}` : ''}</span>;
  if (delivery.status === 'failed') {
    return (
      <span className="font-semibold text-danger-700">
        Failed after {delivery.attempts === 1 ? '1 attempt' : `${delivery.attempts} attempts`}
        {delivery.lastError ? `: ${delivery.lastError}` : ''}
      </span>
    );
  }
  if (delivery.attempts === 0) return <span className="text-ink-700">Waiting to be sent</span>;
  return (
    <span className="text-ink-800">
      Retrying: {delivery.attempts === 1 ? '1 attempt' : `${delivery.attempts} attempts`} failed{delivery.lastError ? ` (${delivery.lastError})` : ''}
      {delivery.nextAttemptAt ? `; next try ${shortTimeText(delivery.nextAttemptAt)}` : ''}
    </span>
  );
}

function historyText(entry: LeadHistoryEntry): string {
  const who = entry.by?.name ?? 'The site';
  if (entry.change === 'status') return `${who} changed the status from ${LEAD_STATUS_LABELS[entry.from]} to ${LEAD_STATUS_LABELS[entry.to]}`;
  if (entry.change === 'resent') return `${who} sent the ${DELIVERY_LABELS[entry.delivery].toLowerCase()} again`;
  if (entry.automatic) return `Assigned to ${entry.to?.name ?? 'nobody'} in turn (round-robin)`;
  if (!entry.to) return `${who} unassigned it${entry.from ? ` from ${entry.from.name}` : ''}`;
  if (entry.by?.id === entry.to.id && !entry.from) return `${who} took it`;
  return `${who} assigned it to ${entry.to.name}${entry.from ? ` (was ${entry.from.name})` : ''}`;
}

/** Contact as links that act on a phone: call, and a reply already addressed, titled and quoting the question. */
function Contact({ lead }: { lead: LeadDetails }) {
  const { businessName } = useStaffLayout();
  return (
    <Panel id="lead-contact-title" title="Contact">
      <div className="mt-3 grid gap-2 sm:grid-cols-2">
        <a href={telHref(lead.phone)} className={`${buttonClasses('call', 'lg')} w-full`}>
          Call {lead.phone}
        </a>
        <a href={replyMailto(lead, businessName)} className={`${buttonClasses('secondary', 'lg')} w-full`}>
          E-mail a reply
        </a>
      </div>
      <p className="mt-2 break-words text-sm text-ink-700">
        <span className="font-semibold">E-mail:</span> {lead.email}
      </p>
    </Panel>
  );
}

/** /staff/leads/:leadId (every role): one inquiry, how to answer it, and everything that happened to it. */
function StaffLead() {
  const { lead } = useLoaderData<{ lead: LeadDetails }>();
  const refused = useActionData<LeadRefusal>();
  const [search] = useSearchParams();
  const done = search.get('done');
  const sending = useNavigation().state === 'submitting';
  const sourceEntries = (Object.keys(SOURCE_LABELS) as LeadSourceField[]).filter((field) => lead.source[field]);
  return (
    <>
      <p className="text-sm">
        <Link to="/staff/leads" className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
          Leads
        </Link>
      </p>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h1 className="break-words text-2xl font-extrabold tracking-tight text-ink-900">{lead.name}</h1>
        <LeadStatusBadge status={lead.status} overdue={lead.overdue} />
      </div>
      <p className="mt-1 text-sm">
        <LeadSubjectLine lead={lead} />
      </p>
      <p className="mt-1 text-sm">
        <LeadReceived iso={lead.receivedAt} now={lead.now} />
      </p>
      {done && isIntent(done) ? (
        <p role="status" className="mt-3 rounded-xl bg-success-50 px-4 py-3 text-sm font-semibold text-success-700">
          {DONE_MESSAGES[done]}
        </p>
      ) : null}
      {refused && refusedAtTop(refused, lead) ? (
        <p id="lead-error" role="alert" className="mt-3 rounded-xl bg-danger-50 px-4 py-3 text-sm font-semibold text-danger-700">
          {refused.error}
        </p>
      ) : null}
      {lead.status === 'new' && lead.canChange ? (
        <StaffForm action={pageOf(lead.id)} aria-labelledby="contacted-button" className="mt-3">
          <input type="hidden" name="intent" value="contacted" />
          <button id="contacted-button" type="submit" disabled={sending} className={`${buttonClasses('primary', 'lg')} w-full sm:w-auto sm:px-10`}>
            Mark contacted
          </button>
        </StaffForm>
      ) : null}
      <p className={`mt-3 text-sm ${lead.overdue ? 'rounded-xl bg-danger-50 px-4 py-2' : ''}`}>
        {lead.firstResponse ? (
          <>
            <LeadWait lead={lead} now={lead.now} />
            {', '}
            <time dateTime={lead.firstResponse.at}>{shortTimeText(lead.firstResponse.at)}</time>
          </>
        ) : lead.status === 'new' ? (
          <LeadWait lead={lead} now={lead.now} />
        ) : (
          <span className="text-ink-700">No first response recorded.</span>
        )}
      </p>
      {lead.canChange ? null : (
        <p className="mt-3 rounded-xl bg-sun-100 px-4 py-3 text-sm text-ink-800">
          {lead.assignee ? `${lead.assignee.name} has this lead` : 'This lead is not yours'}: only they, a manager or an owner can change it. You can read everything
          here.
        </p>
      )}

      <div className="mt-5 grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <div className="grid gap-4">
          <Panel id="lead-message-title" title="Message">
            <p className="mt-2 whitespace-pre-wrap break-words text-ink-900">{lead.message}</p>
          </Panel>
          <Contact lead={lead} />
          {lead.canChange ? (
            <Panel id="lead-change-title" title="Status and assignee">
              <RefusalLine refusal={refused} lead={lead} intent="status" />
              <StaffForm action={pageOf(lead.id)} aria-labelledby="lead-status-label" className="mt-3 flex flex-wrap items-end gap-2">
                <input type="hidden" name="intent" value="status" />
                <div className="min-w-0 flex-1">
                  <label id="lead-status-label" htmlFor="lead-status" className="block text-sm font-semibold text-ink-800">
                    Status
                  </label>
                  <select
                    id="lead-status"
                    name="status"
                    defaultValue={lead.status}
                    aria-describedby={refused?.intent === 'status' ? 'status-error' : undefined}
                    className={inputClasses}
                  >
                    {LEAD_STATUSES.map((status) => (
                      <option key={status} value={status}>
                        {LEAD_STATUS_LABELS[status]}
                      </option>
                    ))}
                  </select>
                </div>
                <button type="submit" disabled={sending} className={buttonClasses('secondary', 'md')}>
                  Change status
                </button>
              </StaffForm>
              <RefusalLine refusal={refused} lead={lead} intent="assign" />
              <StaffForm action={pageOf(lead.id)} aria-labelledby="lead-assignee-label" className="mt-3 flex flex-wrap items-end gap-2">
                <input type="hidden" name="intent" value="assign" />
                <div className="min-w-0 flex-1">
                  <label id="lead-assignee-label" htmlFor="lead-assignee" className="block text-sm font-semibold text-ink-800">
                    Assignee
                  </label>
                  <select
                    id="lead-assignee"
                    name="assignee"
                    defaultValue={lead.assignee?.id ?? ''}
                    aria-describedby={refused?.intent === 'assign' ? 'assign-error' : undefined}
                    className={inputClasses}
                  >
                    <option value="">Unassigned</option>
                    {lead.assignable.map((person) => (
                      <option key={person.id} value={person.id}>
                        {person.name}
                      </option>
                    ))}
                  </select>
                </div>
                <button type="submit" disabled={sending} className={buttonClasses('secondary', 'md')}>
                  Assign
                </button>
              </StaffForm>
            </Panel>
          ) : null}
          <Panel id="lead-notes-title" title="Notes">
            {lead.notes.length === 0 ? (
              <p className="mt-2 text-sm text-ink-700">No notes yet.</p>
            ) : (
              <ol className="mt-2 divide-y divide-ink-100" aria-label="Notes, oldest first">
                {lead.notes.map((note) => (
                  <li key={note.id} className="py-2">
                    <p className="text-xs text-ink-700">
                      <span className="font-semibold text-ink-800">{note.by.name}</span>
                      {' · '}
                      <time dateTime={note.at}>{shortTimeText(note.at)}</time>
                    </p>
                    <p className="mt-0.5 whitespace-pre-wrap break-words text-ink-900">{note.text}</p>
                  </li>
                ))}
              </ol>
            )}
            {lead.canChange ? (
              <>
                <RefusalLine refusal={refused} lead={lead} intent="note" />
                <StaffForm action={pageOf(lead.id)} aria-labelledby="lead-note-label" className="mt-3">
                  <input type="hidden" name="intent" value="note" />
                  <label id="lead-note-label" htmlFor="lead-note" className="block text-sm font-semibold text-ink-800">
                    Add a note
                  </label>
                  <textarea
                    id="lead-note"
                    name="note"
                    rows={3}
                    required
                    maxLength={NOTE_LENGTH}
                    defaultValue={refused?.intent === 'note' ? refused.note : ''}
                    aria-describedby={refused?.intent === 'note' ? 'note-error' : undefined}
                    className={inputClasses}
                  />
                  <button type="submit" disabled={sending} className={`${buttonClasses('secondary', 'md')} mt-2`}>
                    Add the note
                  </button>
                </StaffForm>
              </>
            ) : null}
          </Panel>
        </div>

        <div className="grid gap-4">
          <Panel id="lead-about-title" title="About this inquiry">
            <dl className="mt-2 divide-y divide-ink-100">
              <Fact term="Kind">{INTEREST_LABELS[lead.kind]}</Fact>
              <Fact term="Asked about">
                {lead.subject.href ? (
                  <a href={lead.subject.href} className="font-semibold text-brand-700 underline underline-offset-2">
                    {lead.subject.label}
                  </a>
                ) : (
                  lead.subject.label
                )}
                {lead.subject.stockNumber ? ` · stock #${lead.subject.stockNumber}` : ''}
              </Fact>
              <Fact term="Received">
                <StaffTime iso={lead.receivedAt} />
              </Fact>
              <Fact term="Showroom">{lead.showroom?.name ?? 'None named'}</Fact>
              <Fact term="Assignee">{lead.assignee?.name ?? 'Unassigned'}</Fact>
              {lead.status === 'new' ? (
                <Fact term="Due">
                  <StaffTime iso={lead.dueAt} />
                </Fact>
              ) : null}
              {lead.firstResponse ? (
                <Fact term="First response">
                  {durationText(lead.firstResponse.businessSeconds)} of business hours, by {lead.firstResponse.by.name}
                </Fact>
              ) : null}
            </dl>
          </Panel>
          <Panel id="lead-source-title" title="Lead source">
            {sourceEntries.length === 0 ? (
              <p className="mt-2 text-sm text-ink-700">The site recorded no source for this visit.</p>
            ) : (
              <dl className="mt-2 divide-y divide-ink-100">
                {sourceEntries.map((field) => (
                  <Fact key={field} term={SOURCE_LABELS[field]}>
                    <span className="font-mono text-sm">{lead.source[field]}</span>
                  </Fact>
                ))}
              </dl>
            )}
          </Panel>
          <Panel id="lead-deliveries-title" title="E-mails">
            <RefusalLine refusal={refused} lead={lead} intent="resend" />
            {lead.deliveries.length === 0 ? (
              <p className="mt-2 text-sm text-ink-700">No e-mail was owed for this inquiry.</p>
            ) : (
              <ul className="mt-2 divide-y divide-ink-100">
                {lead.deliveries.map((delivery) => (
                  <li key={delivery.kind} className="py-2 text-sm">
                    <p id={`delivery-${delivery.kind}`} className="font-semibold text-ink-900">
                      {DELIVERY_LABELS[delivery.kind]}
                    </p>
                    <p className="mt-0.5 break-words">{deliveryState(delivery)}</p>
                    {delivery.status === 'failed' && lead.canChange ? (
                      <StaffForm action={pageOf(lead.id)} aria-labelledby={`delivery-${delivery.kind}`} className="mt-2">
                        <input type="hidden" name="intent" value="resend" />
                        <input type="hidden" name="delivery" value={delivery.kind} />
                        <button type="submit" disabled={sending} className={buttonClasses('secondary', 'md')}>
                          Send again
                        </button>
                      </StaffForm>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </Panel>
          <Panel id="lead-history-title" title="History">
            {lead.history.length === 0 ? (
              <p className="mt-2 text-sm text-ink-700">No changes yet.</p>
            ) : (
              <ol className="mt-2 divide-y divide-ink-100 text-sm" aria-label="Changes, oldest first">
                {lead.history.map((entry, index) => (
                  <li key={`${entry.at}-${index}`} className="py-1.5">
                    <time dateTime={entry.at} className="block text-xs text-ink-700">
                      {shortTimeText(entry.at)}
                    </time>
                    <span className="text-ink-900">{historyText(entry)}</span>
                  </li>
                ))}
              </ol>
            )}
          </Panel>
        </div>
      </div>

      <section aria-labelledby="lead-related-title" className="mt-6">
        <h2 id="lead-related-title" className="text-lg font-bold text-ink-900">
          Other inquiries from them
        </h2>
        {lead.related.length === 0 ? (
          <p className="mt-2 text-sm text-ink-700">None with this e-mail address or phone number.</p>
        ) : (
          <LeadList leads={lead.related} now={lead.now} label="Other inquiries with the same e-mail address or phone number, newest first" />
        )}
      </section>
    </>
  );
}

export const staffLeadPage: StaffPageModule = { Component: StaffLead, loader: leadLoader, action: leadAction };
