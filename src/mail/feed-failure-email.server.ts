import type { SendMailOptions } from 'nodemailer';
import { businessReadableTime } from '../business/business-time';
import type { BusinessProfile } from '../config/business-profile';

/** The scheduled feed's failures as the staff e-mail tells them. */
export interface MailedFeedFailure {
  /** The feed's address without credentials or query. */
  source?: string;
  consecutiveFailures: number;
  failingSince?: Date;
  lastFailure?: { at: Date; reason: string };
  nextFetchAt: Date;
  lastImport?: { at: Date; created: number; updated: number; sold: number; unchanged: number };
}

export interface FeedFailureMailSettings {
  from: NonNullable<SendMailOptions['from']>;
  /** The staff inbox (INQUIRY_TO). */
  to: string;
  business: BusinessProfile;
}

const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();

function textBody(failure: MailedFeedFailure, business: BusinessProfile): string {
  const last = failure.lastImport;
  return [
    `The ${business.name} website could not import the inventory feed ${failure.consecutiveFailures} times in a row${failure.failingSince ? `, since ${businessReadableTime(failure.failingSince)}` : ''}.`,
    '',
    ...(failure.source ? [`Feed: ${failure.source}`] : []),
    ...(failure.lastFailure ? [`Last attempt: ${businessReadableTime(failure.lastFailure.at)}: ${oneLine(failure.lastFailure.reason)}`] : []),
    `Next attempt: ${businessReadableTime(failure.nextFetchAt)}`,
    '',
    last
      ? `The site keeps showing the inventory of the last good import, ${businessReadableTime(last.at)} (${last.created} created, ${last.updated} updated, ${last.sold} sold, ${last.unchanged} unchanged).`
      : 'No import of this feed has succeeded yet; the site keeps showing the inventory it has.',
    '',
    'Whoever looks after the feed or the website should check the reason above and the site’s log. No further e-mail is sent until the feed has been imported again and then fails three times in a row.',
    '',
  ].join('\n');
}

/**
 * The one staff e-mail about a run of failed feed imports (three in a row): why the last one
 * failed, when it tries again and what the site still shows. Plain text; the reason is the site's
 * own words (an HTTP status, a network code, the import's first problem), never a credential.
 */
export function feedFailureEmail(failure: MailedFeedFailure, settings: FeedFailureMailSettings): SendMailOptions {
  return {
    from: settings.from,
    to: settings.to,
    subject: oneLine(`The inventory feed failed ${failure.consecutiveFailures} times in a row`),
    text: textBody(failure, settings.business),
  };
}
