import { BUSINESS_TIME_ZONE } from '../../../src/business/business-time';
import { INTEREST_LABELS } from '../../../src/contact/contact-schema';
import type { Interest } from '../../../src/contact/interest';
import type { LeadSubject } from '../../../src/leads/leads';

// How the leads pages put times, waits and contact links into words. Every "ago" and "waited" is
// counted from the answer's own `now`, so the server's page and the browser's agree to the character.

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "under a minute", "14 min", "2 h 5 min", "3 days 4 h": a wait as a person says it. */
export function durationText(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  if (whole < MINUTE) return 'under a minute';
  if (whole < HOUR) return `${Math.floor(whole / MINUTE)} min`;
  if (whole < DAY) {
    const minutes = Math.floor((whole % HOUR) / MINUTE);
    return `${Math.floor(whole / HOUR)} h${minutes ? ` ${minutes} min` : ''}`;
  }
  const days = Math.floor(whole / DAY);
  const hours = Math.floor((whole % DAY) / HOUR);
  return `${days} ${days === 1 ? 'day' : 'days'}${hours ? ` ${hours} h` : ''}`;
}

/** Seconds from one instant to another (0 when the second is earlier). */
export function secondsBetween(fromIso: string, toIso: string): number {
  return Math.max(0, (Date.parse(toIso) - Date.parse(fromIso)) / 1000);
}

/** "just now", "12 min ago", "3 h ago", "2 days ago". */
export function agoText(iso: string, nowIso: string): string {
  const seconds = secondsBetween(iso, nowIso);
  if (seconds < MINUTE) return 'just now';
  if (seconds < HOUR) return `${Math.floor(seconds / MINUTE)} min ago`;
  if (seconds < DAY) return `${Math.floor(seconds / HOUR)} h ago`;
  const days = Math.floor(seconds / DAY);
  return `${days} ${days === 1 ? 'day' : 'days'} ago`;
}

const shortTime = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** "Nov 26, 9:30 AM EST": a moment on the dealer's clock, short enough for a phone's line. */
export function shortTimeText(iso: string): string {
  return shortTime.format(new Date(iso));
}

/**
 * A phone number as a tel: link dials it: digits only, with the country code. Numbers are typed by
 * shoppers ("(609) 555-0142", "609.555.0142 ext 3"), almost all in the US; an extension is left out.
 */
export function telHref(phone: string): string {
  const main = phone.split(/\s*(?:x|ext\.?|extension)\s*\d/i)[0] ?? phone;
  const digits = main.replace(/\D/g, '');
  if (main.trim().startsWith('+')) return `tel:+${digits}`;
  if (digits.length === 10) return `tel:+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `tel:+${digits}`;
  return `tel:${digits}`;
}

/** The unit or model as the reply names it: "2025 Evolution D5 Ranger 4 Plus (stock number E1234)". */
export function subjectText(subject: LeadSubject): string {
  return subject.stockNumber ? `${subject.label} (stock number ${subject.stockNumber})` : subject.label;
}

/**
 * Mail clients and browsers refuse or cut a mailto: link much past 2,000 characters, so a long
 * question is quoted in part: the reply is written to the shopper, who knows what they asked.
 */
const QUOTE_LENGTH = 1200;

/**
 * A reply to the shopper, ready in the mail app: to them, titled "Your inquiry about <the unit>" (or
 * "Your inquiry to <the business>" when they named no vehicle), their question quoted.
 */
export function replyMailto(
  { email, name, kind, subject, message }: { email: string; name: string; kind: Interest; subject: LeadSubject; message: string },
  businessName: string,
): string {
  const vehicle = subject.label !== INTEREST_LABELS[kind];
  const question = message.length > QUOTE_LENGTH ? `${message.slice(0, QUOTE_LENGTH).trimEnd()}…` : message;
  const quoted = question
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');
  const thanks = vehicle ? `Thank you for your inquiry about the ${subjectText(subject)}.` : `Thank you for your inquiry to ${businessName}.`;
  const body = `Hello ${name},\n\n${thanks}\n\n\n\nYou wrote:\n${quoted}\n`;
  const title = vehicle ? `Your inquiry about ${subject.label}` : `Your inquiry to ${businessName}`;
  return `mailto:${encodeURIComponent(email).replace('%40', '@')}?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(body.replace(/\n/g, '\r\n'))}`;
}
