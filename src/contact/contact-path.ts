import type { ContactContext } from './contact-schema';
import type { Interest } from './interest';

/**
 * What a prefilled contact link asks for: the interest, and what the visitor is asking about (a topic
 * such as "rental" or "Battery Services", a rental plan such as "6-seater-weekly", a vehicle slug or name).
 */
export interface ContactPrefill extends ContactContext {
  interest: Interest;
}

/** The query parameters a prefilled contact link carries: what the contact page reads. */
export const CONTACT_PREFILL_PARAMETERS = ['interest', 'topic', 'plan', 'vehicle'] as const satisfies ReadonlyArray<keyof ContactPrefill>;

/** The contact page with the interest preselected and the message prefilled. */
export function contactPath(prefill: ContactPrefill): string {
  const query = new URLSearchParams({ interest: prefill.interest });
  if (prefill.topic) query.set('topic', prefill.topic);
  if (prefill.plan) query.set('plan', prefill.plan);
  if (prefill.vehicle) query.set('vehicle', prefill.vehicle);
  return `/contact?${query.toString()}`;
}
