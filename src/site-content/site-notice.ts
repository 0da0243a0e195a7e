import { z } from 'zod';
import { SITE_NOTICE_MAX } from './site-notice-limits';

// The site notice: one banner on every public page between two New Jersey wall-clock times
// ("2026-12-24T12:00", as a datetime-local field sends them). Checked here once, for the staff
// page's form (services/site-content/) and for what the database gives back.

/** A New Jersey wall-clock time to the minute, "2026-12-24T12:00". */
const localDateTime = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/, 'must be a date and time written YYYY-MM-DDTHH:MM');

export const siteNoticeSchema = z
  .strictObject({
    text: z
      .string()
      .trim()
      .min(1, 'is required')
      .max(SITE_NOTICE_MAX, `must be at most ${SITE_NOTICE_MAX} characters`)
      .regex(/^[^\r\n\t<>]*$/, 'must be plain text on one line, without < or >'),
    /** A page of this site the banner links to ("/contact", "/inventory?brand=denago"). */
    link: z
      .string()
      .trim()
      .max(200, 'must be at most 200 characters')
      .regex(/^\/(?!\/)[A-Za-z0-9\-._~/?=&%+]*$/, 'must be a path on this site that starts with /, such as /contact')
      .refine((path) => !path.startsWith('/staff'), 'must be a public page, not the staff area')
      .optional(),
    start: localDateTime,
    end: localDateTime,
  })
  .refine(({ start, end }) => start < end, { path: ['end'], message: 'must be later than the start' });

export type SiteNotice = z.infer<typeof siteNoticeSchema>;
