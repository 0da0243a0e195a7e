import { isRequestContext } from './request-context';
import type { InquirySender } from '../contact/inquiry-sender';

/** The browser's sender (the JSON API), loaded when a form is first sent. */
const browserInquiries: InquirySender = {
  send: (values) => import('../contact/http-inquiry-sender').then(({ httpInquirySender }) => httpInquirySender.send(values)),
};

/**
 * Where the contact route's action sends a form: the server's service, else the browser's JSON
 * API. Apart from request-context.ts so that only the contact page's code carries it.
 */
export function inquiriesFor(context: unknown): InquirySender {
  return isRequestContext(context) ? context.inquiries : browserInquiries;
}
