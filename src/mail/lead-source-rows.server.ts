import type { LeadSource } from '../contact/lead-source';

/**
 * Where a lead came from, as labelled lines for the staff e-mail and the CRM: the visit's landing
 * page (as an address on the site), the site that referred it and its campaign parameters.
 */
export function leadSourceRows(source: LeadSource | undefined, origin: string): [string, string][] {
  if (!source) return [];
  const rows: Array<[string, string | undefined]> = [
    ['Landing page', source.landingPage ? `${origin}${source.landingPage}` : undefined],
    ['Referred by', source.referrer],
    ['Campaign source', source.utmSource],
    ['Campaign medium', source.utmMedium],
    ['Campaign name', source.utmCampaign],
    ['Campaign term', source.utmTerm],
    ['Campaign content', source.utmContent],
    ['Google Ads click ID', source.gclid],
  ];
  return rows.filter((row): row is [string, string] => row[1] !== undefined);
}
