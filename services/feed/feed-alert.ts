/**
 * Failures in a row of the scheduled feed after which staff are told: one e-mail per run of
 * failures (services/feed-schedule.service.ts) and the notice on the staff home
 * (services/staff/feed-status.service.ts) until the next good fetch.
 */
export const FEED_ALERT_AFTER_FAILURES = 3;
