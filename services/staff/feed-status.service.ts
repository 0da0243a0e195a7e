import { feedScheduleRepository } from '../../models/feed-schedule.repository';
import type { FeedStatus, FeedTroubleView } from '../../src/staff/feed-status';
import { feedFailureReason } from '../feed/feed-failure-reason';
import { FEED_ALERT_AFTER_FAILURES } from '../feed/feed-alert';

/**
 * The scheduled feed's state for the staff home: trouble from the moment staff are e-mailed about
 * it (FEED_ALERT_AFTER_FAILURES failures in a row) until the next good fetch, read from the
 * database so that every instance shows the same. A single failed fetch is not shown: the next
 * one often succeeds.
 */
export function createFeedStatus(): FeedStatus {
  return {
    async trouble(): Promise<FeedTroubleView | null> {
      const status = await feedScheduleRepository.status();
      if (!status?.lastFailure || status.consecutiveFailures < FEED_ALERT_AFTER_FAILURES) return null;
      const last = status.lastImport;
      return {
        failures: status.consecutiveFailures,
        ...(status.failingSince && { failingSince: status.failingSince.toISOString() }),
        lastFailedAt: status.lastFailure.at.toISOString(),
        // Stored without secrets; an address in a reason stored by an earlier version loses its credentials and query here too.
        reason: feedFailureReason(status.lastFailure.reason),
        nextFetchAt: status.nextFetchAt.toISOString(),
        ...(status.source !== undefined && { source: feedFailureReason(status.source) }),
        ...(last && { lastImport: { at: last.at.toISOString(), added: last.created, changed: last.updated, sold: last.sold, leftAlone: last.unchanged } }),
      };
    },
  };
}
