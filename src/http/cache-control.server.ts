/**
 * Pages and catalog answers that are the same for every visitor: a CDN or reverse proxy may keep
 * them for 5 s and serve them 15 s longer while it fetches a fresh copy in the background; browsers
 * keep none (max-age=0) and revalidate with the ETag. A catalog change therefore reaches visitors
 * within about 5 s through a proxy (at most 20 s on a page nobody asked for meanwhile), and at once
 * without one.
 */
export const SHARED_CACHE_CONTROL = 'public, max-age=0, s-maxage=5, stale-while-revalidate=15';

/** What one visitor typed or was sent (a search, a prefilled or refused form): no cache keeps it. */
export const PRIVATE_NO_STORE = 'private, no-store';
