import type { SendMailOptions } from 'nodemailer';
import type { BusinessProfile } from '../config/business-profile';
import { INTEREST_LABELS } from '../contact/contact-schema';
import { rentalPlanLabel } from '../contact/contact-prefill';
import { buildAdfLead } from './adf-lead.server';
import { businessReadableTime } from '../business/business-time';
import { escapeMarkup } from './escape-markup.server';
import type { MailedInquiry } from './mailed-inquiry.server';
import { leadSourceRows } from './lead-source-rows.server';

/** Who inquiry e-mails come from and go to; all of it is operator configuration. */
export interface InquiryMailSettings {
  from: NonNullable<SendMailOptions['from']>;
  /** The staff inbox (INQUIRY_TO). */
  to: string;
  /** The CRM's lead inbox (CRM_ADF_TO), when there is one. */
  crmTo?: string;
  business: BusinessProfile;
}

// Validation already refuses line breaks in these fields; this keeps a header value on one line
// even if a stored record ever held one.
const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();

const fullName = (lead: MailedInquiry) => oneLine(`${lead.firstName} ${lead.lastName}`);

/**
 * A stable Message-ID per inquiry and message kind: should a crash ever repeat a send that the
 * mail server had already taken, mail clients see the same message and can fold the two.
 */
function messageId(lead: MailedInquiry, kind: 'staff' | 'crm', business: BusinessProfile): string {
  return `<inquiry-${lead.id}-${kind}@${new URL(business.website).hostname}>`;
}

function about(lead: MailedInquiry): string | undefined {
  if (lead.vehicle) return lead.vehicle.name;
  if (lead.plan) return rentalPlanLabel(lead.plan);
  return undefined;
}

/** The lead in the staff area: whoever reads the e-mail on a phone lands on it (signing in first if needed) and answers it there. */
export function leadPageUrl(lead: Pick<MailedInquiry, 'id'>, business: Pick<BusinessProfile, 'origin'>): string {
  return new URL(`/staff/leads/${encodeURIComponent(lead.id)}`, business.origin).href;
}

function detailRows(lead: MailedInquiry, business: BusinessProfile): [string, string][] {
  const rows: [string, string][] = [
    ['Name', fullName(lead)],
    ['Email', lead.email],
    ['Phone', lead.phone],
    ['Interest', INTEREST_LABELS[lead.interest]],
  ];
  if (lead.vehicle) rows.push(['Vehicle', lead.vehicle.name]);
  if (lead.vehicle?.unit) rows.push(['Stock number', lead.vehicle.unit.stockNumber]);
  if (lead.plan) rows.push(['Rental plan', rentalPlanLabel(lead.plan) ?? lead.plan]);
  // "rental" only repeats what the plan already says.
  if (lead.topic && !(lead.plan && lead.topic.toLowerCase() === 'rental')) rows.push(['Topic', lead.topic]);
  rows.push(['Received', businessReadableTime(lead.createdAt)]);
  return [...rows, ...leadSourceRows(lead.source, business.origin)];
}

function textBody(lead: MailedInquiry, business: BusinessProfile): string {
  const rows = detailRows(lead, business);
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  return [
    `New ${lead.interest} inquiry from the ${business.name} website.`,
    '',
    `Open the lead to answer it and mark it contacted: ${leadPageUrl(lead, business)}`,
    '',
    ...rows.map(([label, value]) => `${`${label}:`.padEnd(width)}${value}`),
    '',
    'Message:',
    lead.message,
    '',
    '--',
    `Reply to this e-mail to answer ${oneLine(lead.firstName)} directly. The lead is attached as ADF XML (lead.xml) for the CRM.`,
    `Inquiry ID: ${lead.id}`,
    '',
  ].join('\n');
}

function htmlBody(lead: MailedInquiry, business: BusinessProfile): string {
  const h = escapeMarkup;
  const cell = 'padding:6px 12px 6px 0;vertical-align:top;';
  const value = (label: string, text: string) => {
    if (label === 'Email') return `<a href="mailto:${h(text)}">${h(text)}</a>`;
    if (label === 'Phone') return `<a href="tel:${h(text.replace(/[^\d+]/g, ''))}">${h(text)}</a>`;
    return h(text);
  };
  const rows = detailRows(lead, business)
    .map(
      ([label, text]) =>
        `<tr><th scope="row" style="${cell}text-align:left;color:#475569;font-weight:600;">${h(label)}</th><td style="${cell}">${value(label, text)}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>New inquiry from ${h(fullName(lead))}</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a;">
<div style="max-width:640px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px;padding:24px;">
<h1 style="margin:0 0 16px;font-size:20px;">New ${lead.interest} inquiry from the ${h(business.name)} website</h1>
<p style="margin:0 0 20px;"><a href="${h(leadPageUrl(lead, business))}" style="display:inline-block;background:#15668a;color:#ffffff;text-decoration:none;font-weight:600;font-size:16px;padding:12px 20px;border-radius:8px;">Open the lead</a></p>
<table role="presentation" style="border-collapse:collapse;font-size:15px;">
${rows}
</table>
<h2 style="margin:24px 0 8px;font-size:16px;">Message</h2>
<div style="white-space:pre-wrap;font-size:15px;line-height:1.5;border-left:3px solid #cbd5e1;padding-left:12px;">${h(lead.message)}</div>
<p style="margin:24px 0 0;font-size:13px;color:#475569;">Reply to this e-mail to answer ${h(oneLine(lead.firstName))} directly. The lead is attached as ADF XML (lead.xml) for the CRM.<br>Inquiry ID: ${h(lead.id)}</p>
</div>
</body>
</html>
`;
}

/**
 * The e-mail staff read: Reply-To is the visitor, the subject names the visitor and what they are
 * interested in, and the lead rides along as lead.xml. Addresses are passed as address objects,
 * never as header text, so no visitor input can add a header or a recipient.
 */
export function staffInquiryEmail(lead: MailedInquiry, settings: InquiryMailSettings): SendMailOptions {
  const topic = about(lead);
  return {
    from: settings.from,
    to: settings.to,
    replyTo: { name: fullName(lead), address: lead.email },
    subject: oneLine(`New ${lead.interest} inquiry from ${fullName(lead)}${topic ? ` about the ${topic}` : ''}`),
    messageId: messageId(lead, 'staff', settings.business),
    text: textBody(lead, settings.business),
    html: htmlBody(lead, settings.business),
    attachments: [{ filename: 'lead.xml', content: buildAdfLead(lead, settings.business), contentType: 'application/xml; charset=utf-8' }],
  };
}

/** The copy for the CRM: a plain-text body that is the ADF XML and nothing else. */
export function crmLeadEmail(lead: MailedInquiry, settings: InquiryMailSettings & { crmTo: string }): SendMailOptions {
  return {
    from: settings.from,
    to: settings.crmTo,
    replyTo: { name: fullName(lead), address: lead.email },
    subject: `Lead from the ${oneLine(settings.business.name)} website`,
    messageId: messageId(lead, 'crm', settings.business),
    text: buildAdfLead(lead, settings.business),
  };
}
