export type Interest = 'sales' | 'service' | 'parts' | 'general';

export interface ContactPrefill {
  interest: Interest;
  /** What the visitor is asking about, e.g. "rental" or "Battery Services". */
  topic?: string;
  /** A rental plan id such as "6-seater-weekly". */
  plan?: string;
  /** A vehicle slug or name. */
  vehicle?: string;
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
