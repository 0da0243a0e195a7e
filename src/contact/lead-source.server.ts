import { z } from 'zod';
import { LEAD_SOURCE_FIELDS, type LeadSource } from './lead-source';

// Server side only. Each value comes from the visitor's browser, so each is held to the shape
// it must have; one that does not fit is dropped (it never costs the visitor their message), and
// none is ever logged.

const shaped = (pattern: RegExp) => z.string().trim().regex(pattern).optional().catch(undefined);

/** A path on this site: "/vehicles/denago-ev-city"; no query, no other host ("//evil.test"). */
const PATH = /^\/(?!\/)[A-Za-z0-9\-._~%!$&'()*+,;=:@/]{0,299}$/;
/** A host name with an optional port, as browsers send it: "www.google.com". */
const HOST = /^(?=.{1,253}(:\d{1,5})?$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(:\d{1,5})?$/i;
/** A campaign word as ad platforms write them: "spring_sale", "golf carts nj", "cpc". */
const CAMPAIGN = /^[\p{L}\p{N} ._~+\-/:|,()@&']{1,100}$/u;
/** Google's click id. */
const GCLID = /^[A-Za-z0-9_-]{10,200}$/;

const leadSourceSchema = z.object({
  landingPage: shaped(PATH),
  referrer: shaped(HOST),
  utmSource: shaped(CAMPAIGN),
  utmMedium: shaped(CAMPAIGN),
  utmCampaign: shaped(CAMPAIGN),
  utmTerm: shaped(CAMPAIGN),
  utmContent: shaped(CAMPAIGN),
  gclid: shaped(GCLID),
});

/** The lead-source fields of a submission, each a checked value or absent. */
export function parseLeadSource(input: unknown): LeadSource {
  const result = leadSourceSchema.safeParse(typeof input === 'object' && input !== null ? input : {});
  if (!result.success) return {};
  const source: LeadSource = {};
  for (const field of LEAD_SOURCE_FIELDS) {
    const value = result.data[field];
    if (value) source[field] = field === 'referrer' ? value.toLowerCase() : value;
  }
  return source;
}
