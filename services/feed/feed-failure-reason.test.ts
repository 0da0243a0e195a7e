import { describe, expect, it } from 'vitest';
import { feedFailureReason, feedSecrets } from './feed-failure-reason';

describe('feedFailureReason', () => {
  it('keeps the site’s own words as they are', () => {
    expect(feedFailureReason('the feed server answered 503 Service Unavailable')).toBe('the feed server answered 503 Service Unavailable');
  });

  it('drops the credentials, query and fragment of any address it quotes', () => {
    expect(feedFailureReason('could not fetch https://dealer:pa55@feeds.example.com/units.csv?token=abc123#top failed: ECONNRESET')).toBe(
      'could not fetch https://feeds.example.com/units.csv failed: ECONNRESET',
    );
  });

  it('hides the feed’s secrets wherever they still appear', () => {
    const secrets = feedSecrets('https://dealer:pa55-w%40rd@feeds.example.com/units.csv?token=abc123', { 'X-Api-Key': 'key-0123456789' });
    expect(feedFailureReason('header X-Api-Key: key-0123456789 refused; token abc123; password pa55-w@rd', secrets)).toBe(
      'header X-Api-Key: [hidden] refused; token [hidden]; password [hidden]',
    );
  });
});
