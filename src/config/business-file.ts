import { z } from 'zod';
import { PROMOTION_PLACES } from './promotion-places';
import { WEEKDAYS, type Weekday } from './weekdays';

// The shape of seeds/business.json (or the file BUSINESS_FILE names). Only the server parses it;
// views import the types alone. A promotion and a holiday that staff add in the staff area are
// checked by these same schemas (services/site-content/site-content-editor.service.ts).

const text = (max: number) => z.string().trim().min(1).max(max);
/** A message for a value that is there but wrong; a missing one is reported as required. */
const unlessMissing = (message: string) => (issue: { input: unknown }) => (issue.input === undefined ? 'is required' : message);
const id = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case kebab-case, like bayville')
  .max(60);
const phone = z.string().regex(/^\(\d{3}\) \d{3}-\d{4}$/, 'must look like (609) 555-0142');
const httpsUrl = z.url({ protocol: /^https$/, error: unlessMissing('must be an https:// address') }).max(500);
export const isoDate = z.iso.date({ error: unlessMissing('must be a date written YYYY-MM-DD') });
export const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a 24-hour time such as 09:00 or 17:30');

/** One day's opening, in New Jersey time. */
const openingSchema = z.strictObject({ opens: time, closes: time }).refine(({ opens, closes }) => opens < closes, 'opens must be earlier than closes');
export type Opening = z.infer<typeof openingSchema>;

/** A day is either open between two times or closed, in words the site shows ("closed", "Emergency only"). */
const dayHoursSchema = z.union([openingSchema, text(40)], { error: unlessMissing('must be { "opens": "09:00", "closes": "17:00" } or a word such as "closed"') });
export type DayHours = z.infer<typeof dayHoursSchema>;

const weekHoursSchema = z.strictObject(Object.fromEntries(WEEKDAYS.map((day) => [day, dayHoursSchema])) as Record<Weekday, typeof dayHoursSchema>);
export type WeekHours = z.infer<typeof weekHoursSchema>;

/** A date the showrooms close, or keep shorter hours (with opens and closes). */
export const holidaySchema = z
  .strictObject({
    date: isoDate,
    name: text(60),
    opens: time.optional(),
    closes: time.optional(),
    /** The showrooms it applies to; all of them when absent. */
    showrooms: z.array(id).min(1).optional(),
  })
  .refine(({ opens, closes }) => (opens === undefined) === (closes === undefined), 'give both opens and closes, or neither (closed all day)')
  .refine(({ opens, closes }) => opens === undefined || closes === undefined || opens < closes, 'opens must be earlier than closes');
export type Holiday = z.infer<typeof holidaySchema>;

const showroomSchema = z.strictObject({
  id,
  name: text(80),
  street: text(120),
  city: text(60),
  /** The county the showroom is in (without "County"): what the site says about where it is. */
  county: text(40),
  state: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter state code such as NJ'),
  postalCode: z.string().regex(/^\d{5}$/, 'must be a five-digit ZIP code'),
  phone,
  geo: z.strictObject({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }),
  /** Its own hours; the business hours when absent. */
  hours: weekHoursSchema.optional(),
  links: z.strictObject({ website: httpsUrl.optional(), facebook: httpsUrl.optional(), instagram: httpsUrl.optional(), reviews: httpsUrl.optional() }).default({}),
});
export type ShowroomFacts = z.infer<typeof showroomSchema>;

/** An offer the site shows from its start date to its end date, both included. */
export const promotionSchema = z
  .strictObject({
    id,
    title: text(80),
    text: text(300),
    start: isoDate,
    end: isoDate,
    /** The pages it shows on; all of them (home, showrooms, towns) when absent. */
    places: z.array(z.enum(PROMOTION_PLACES)).min(1).optional(),
  })
  .refine(({ start, end }) => start <= end, 'start must not be after end');
export type Promotion = z.infer<typeof promotionSchema>;

export const businessFileSchema = z
  .strictObject({
    /** Notes for whoever edits the file; never shown. */
    $comment: z.string().optional(),
    name: text(80),
    phone,
    email: z.email({ error: unlessMissing('must be an e-mail address') }),
    /** The dealer's website, as visitors and CRMs are told it. */
    website: z
      .url({ protocol: /^https?$/, error: unlessMissing('must be an http(s) address such as https://www.shoregolfcarts.com') })
      .transform((value) => new URL(value).origin),
    financingUrl: httpsUrl,
    foundedYear: z.number().int().min(1900).max(2100),
    /** How many customers the site says the dealer has served, as people say it: "500+". */
    happyCustomers: z
      .string({ error: unlessMissing('must be a count such as 500+ or 1,200+') })
      .regex(/^\d{1,3}(,?\d{3})*\+?$/, 'must be a count such as 500+ or 1,200+'),
    /** How far the dealer delivers and services, as structured data states it. */
    serviceRadiusMeters: z.number().int().positive().max(500_000),
    /** When the phones and the sales team answer; the showrooms' hours unless a showroom has its own. */
    hours: weekHoursSchema,
    serviceHours: weekHoursSchema,
    holidays: z.array(holidaySchema).default([]),
    /**
     * The leads inbox (issue 23): a new lead is overdue once it has waited this many minutes of the
     * business hours (`hours`, and the holidays of every showroom) without an answer; 60 when absent.
     */
    leads: z.strictObject({ responseMinutes: z.number().int().min(5).max(1440).default(60) }).optional(),
    /** The first is the main showroom: the business's address in structured data. */
    showrooms: z.array(showroomSchema).min(1).max(20),
    /** The showrooms the contact page lists; the first one when absent. */
    contactPageShowrooms: z.array(id).min(1).max(4).optional(),
    promotions: z.array(promotionSchema).default([]),
  })
  .superRefine((file, context) => {
    const ids = new Set<string>();
    file.showrooms.forEach((showroom, index) => {
      if (ids.has(showroom.id)) context.addIssue({ code: 'custom', path: ['showrooms', index, 'id'], message: `"${showroom.id}" is used by another showroom` });
      ids.add(showroom.id);
    });
    const known = (list: string[] | undefined, path: (string | number)[]) =>
      list?.forEach((showroomId, index) => {
        if (!ids.has(showroomId)) context.addIssue({ code: 'custom', path: [...path, index], message: `no showroom has the id "${showroomId}"` });
      });
    known(file.contactPageShowrooms, ['contactPageShowrooms']);
    file.holidays.forEach((holiday, index) => known(holiday.showrooms, ['holidays', index, 'showrooms']));
  });

export type BusinessFile = z.infer<typeof businessFileSchema>;

/** How long a new lead may wait, in business minutes, when the business file does not say. */
export const DEFAULT_LEAD_RESPONSE_MINUTES = 60;
