import { FALLBACK_ERROR, type ContactFieldErrors } from './contact-schema';
import { SEND_FAILURE_STATUS, type InquirySender, type SendFailure } from './inquiry-sender';

/** The API's refusals by status (SEND_FAILURE_STATUS the other way round). */
const FAILURE_BY_STATUS = new Map(Object.entries(SEND_FAILURE_STATUS).map(([failure, status]) => [status, failure as SendFailure]));

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
      return { ok: false, failure: 'failed', fieldErrors: {}, formError: FALLBACK_ERROR };
    }
    const answer = (await response.json().catch(() => null)) as { id?: string; createdAt?: string; error?: unknown; fieldErrors?: ContactFieldErrors } | null;
    if (response.ok) return { ok: true, id: answer?.id ?? '', createdAt: answer?.createdAt ?? '' };
    return {
      ok: false,
      failure: FAILURE_BY_STATUS.get(response.status) ?? 'failed',
      fieldErrors: answer?.fieldErrors ?? {},
      formError: typeof answer?.error === 'string' && answer.error !== '' ? answer.error : FALLBACK_ERROR,
    };
  },
};
