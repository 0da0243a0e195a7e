import type { LeadRecord } from '../../models/lead.repository';
import { businessIsoTime } from '../../src/business/business-time';
import type { BusinessProfile } from '../../src/config/business-profile';
import { INTEREST_LABELS } from '../../src/contact/contact-schema';
import { LEAD_STATUS_LABELS, type LeadExport, type LeadListing } from '../../src/leads/leads';
import { buildAdfLead } from '../../src/mail/adf-lead.server';
import { csvCell } from '../../src/text/csv-cell';

/** The columns of the CSV export, in order, with what each holds. */
const CSV_COLUMNS: Array<[string, (lead: LeadRecord, listing: LeadListing) => string | number | undefined]> = [
  ['Received', (lead) => businessIsoTime(lead.createdAt)],
  ['Status', (_lead, listing) => LEAD_STATUS_LABELS[listing.status]],
  ['Overdue', (_lead, listing) => (listing.overdue ? 'yes' : 'no')],
  ['Assignee', (_lead, listing) => listing.assignee?.name],
  ['First name', (lead) => lead.firstName],
  ['Last name', (lead) => lead.lastName],
  ['E-mail', (lead) => lead.email],
  ['Phone', (lead) => lead.phone],
  ['Kind', (lead) => INTEREST_LABELS[lead.interest]],
  ['Asked about', (_lead, listing) => listing.subject.label],
  ['Stock number', (_lead, listing) => listing.subject.stockNumber],
  ['Showroom', (_lead, listing) => listing.showroom?.name],
  ['First response', (_lead, listing) => (listing.firstResponse ? businessIsoTime(new Date(listing.firstResponse.at)) : undefined)],
  ['First response (business minutes)', (_lead, listing) => (listing.firstResponse ? Math.round(listing.firstResponse.businessSeconds / 60) : undefined)],
  ['Message', (lead) => lead.message],
  ['Lead id', (lead) => lead.id],
];

/**
 * The CSV a spreadsheet opens: a header row, then one row per lead, every text cell quoted as RFC
 * 4180 says and any cell a spreadsheet would run as a formula (=, +, -, @, a tab or a return first)
 * kept as text (src/text/csv-cell.ts); CRLF line ends.
 */
function leadsCsv(leads: LeadRecord[], listing: (lead: LeadRecord) => LeadListing): string {
  const rows = [CSV_COLUMNS.map(([name]) => csvCell(name)).join(',')];
  for (const lead of leads) {
    const listed = listing(lead);
    rows.push(CSV_COLUMNS.map(([, cell]) => csvCell(cell(lead, listed))).join(','));
  }
  return `${rows.join('\r\n')}\r\n`;
}

/**
 * One ADF 1.0 document with a prospect per lead, each the same prospect the CRM copy of that
 * inquiry carried (src/mail/adf-lead.server.ts), so a CRM imports the export as it imports the
 * e-mails; valid against the ADF 1.0 DTD (`<adf>` holds `prospect+`).
 */
function leadsAdf(leads: LeadRecord[], business: BusinessProfile): string {
  const prospects = leads.map((lead) => {
    const document = buildAdfLead(
      {
        id: lead.id,
        firstName: lead.firstName,
        lastName: lead.lastName,
        email: lead.email,
        phone: lead.phone,
        interest: lead.interest,
        message: lead.message,
        createdAt: lead.createdAt,
        topic: lead.prefill?.topic,
        plan: lead.prefill?.plan,
        vehicle: lead.vehicleOfInterest,
        source: lead.source,
      },
      business,
    );
    return document.slice(document.indexOf('  <prospect'), document.indexOf('</adf>'));
  });
  return ['<?xml version="1.0" encoding="UTF-8"?>\n<?ADF VERSION="1.0"?>\n<adf>\n', ...prospects, '</adf>\n'].join('');
}

/** The export as a file to download, named by the day it was made (New Jersey time). */
export function leadExportFile(
  format: 'csv' | 'adf',
  leads: LeadRecord[],
  context: { now: Date; business: BusinessProfile; listing: (lead: LeadRecord) => LeadListing },
): LeadExport {
  const day = businessIsoTime(context.now).slice(0, 10);
  if (format === 'csv') return { filename: `leads-${day}.csv`, contentType: 'text/csv; charset=utf-8', body: leadsCsv(leads, context.listing) };
  return { filename: `leads-${day}.adf.xml`, contentType: 'application/xml; charset=utf-8', body: leadsAdf(leads, context.business) };
}
