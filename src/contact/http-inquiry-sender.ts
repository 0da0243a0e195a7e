import { FALLBACK_ERROR, type ContactFieldErrors } from './contact-schema';
import type { InquirySender } from './inquiry-sender';

/** The browser's sender: the JSON API, POST /api/contact. Its answer's own messages reach the visitor. */
export const httpInquirySender: InquirySender = {
  async send(values) {
    let response: Response;
    try {
      response = await fetch('/api/contact', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(values),
      });
    } catch {
      // A network failure's own text ("Failed to fetch") means nothing to a visitor.
      return { ok: false, status: 0, fieldErrors: {}, formError: FALLBACK_ERROR };
    }
    const answer = (await response.json().catch(() => null)) as { id?: string; createdAt?: string; error?: unknown; fieldErrors?: ContactFieldErrors } | null;
    if (response.ok) return { ok: true, id: answer?.id ?? '', createdAt: answer?.createdAt ?? '' };
    return {
      ok: false,
      status: response.status,
      fieldErrors: answer?.fieldErrors ?? {},
      formError: typeof answer?.error === 'string' && answer.error !== '' ? answer.error : FALLBACK_ERROR,
    };
  },
};
