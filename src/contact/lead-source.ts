// Runs in the browser (and on the server for the form's own hidden fields): no zod, nothing else.

/** What a lead carries about how the visit began: its landing page, the site that referred it, the ad campaign. */
export const LEAD_SOURCE_FIELDS = ['landingPage', 'referrer', 'utmSource', 'utmMedium', 'utmCampaign', 'utmTerm', 'utmContent', 'gclid'] as const;
export type LeadSourceField = (typeof LEAD_SOURCE_FIELDS)[number];
export type LeadSource = Partial<Record<LeadSourceField, string>>;

export const CAMPAIGN_PARAMETERS = {
  utmSource: 'utm_source',
  utmMedium: 'utm_medium',
  utmCampaign: 'utm_campaign',
  utmTerm: 'utm_term',
  utmContent: 'utm_content',
  gclid: 'gclid',
} as const;

/** Longer than any value the server accepts; the server checks each field again. */
const MAX_LENGTH = 300;

/** The page of a URL (its path, without the query) and the campaign parameters in its query. */
export function leadSourceFromUrl(url: URL): LeadSource {
  const source: LeadSource = { landingPage: url.pathname.slice(0, MAX_LENGTH) };
  for (const [field, parameter] of Object.entries(CAMPAIGN_PARAMETERS) as [LeadSourceField, string][]) {
    const value = url.searchParams.get(parameter)?.trim();
    if (value) source[field] = value.slice(0, MAX_LENGTH);
  }
  return source;
}

// First-party and for this visit only: sessionStorage ends with the tab, is never sent anywhere
// by itself and needs no consent banner. Only the contact form reads it, when it is sent.
const STORAGE_KEY = 'visit-source';

/**
 * Notes how this visit began, once per visit: the first page, the other site that linked to it
 * (its host only) and the utm_* and gclid parameters of that first address.
 */
export function recordVisitSource(landingUrl: string, referrerUrl: string): void {
  try {
    if (sessionStorage.getItem(STORAGE_KEY) !== null) return;
    const landing = new URL(landingUrl);
    const source = leadSourceFromUrl(landing);
    const referrer = referrerUrl ? new URL(referrerUrl) : undefined;
    if (referrer && referrer.origin !== landing.origin && /^https?:$/.test(referrer.protocol)) source.referrer = referrer.host;
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(source));
  } catch {
    // Storage turned off: the contact form's own hidden fields still name its page.
  }
}

/** How this visit began, as recorded on its first page; empty when nothing was recorded. */
export function visitSource(): LeadSource {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    if (typeof stored !== 'object' || stored === null) return {};
    const source: LeadSource = {};
    for (const field of LEAD_SOURCE_FIELDS) {
      const value = (stored as Record<string, unknown>)[field];
      if (typeof value === 'string' && value !== '') source[field] = value;
    }
    return source;
  } catch {
    return {};
  }
}
