/** What stands for a secret found in a failure's reason. */
const HIDDEN = '[hidden]';
/** Anything that looks like an address with a scheme: its credentials and query are dropped. */
const ADDRESS = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/gi;

/** An address as a person may read it: origin and path only, never user:password@ nor ?token=… (nor #…). */
function bareAddress(address: string): string {
  try {
    const url = new URL(address);
    return url.origin === 'null' ? `${url.protocol}//${url.host}${url.pathname}` : `${url.origin}${url.pathname}`;
  } catch {
    return '[address]';
  }
}

/**
 * A failed fetch's reason as it is logged, stored and shown to staff: the site's own words (an HTTP
 * status, a network code, the import's first problem), but an error from a library may quote an
 * address or a value it was handed. Addresses keep only their origin and path, and any of
 * `secrets` (the feed's password, FEED_HEADERS' values) still present is hidden.
 */
export function feedFailureReason(reason: string, secrets: readonly string[] = []): string {
  let safe = reason.replace(ADDRESS, bareAddress);
  // Longest first, so that a secret containing another is hidden whole.
  for (const secret of [...secrets].filter((value) => value.length >= 3).sort((one, other) => other.length - one.length)) {
    safe = safe.split(secret).join(HIDDEN);
  }
  return safe;
}

/** The secrets FEED_URL and FEED_HEADERS hold: the password (and user name) of the address, each header's value. */
export function feedSecrets(url: string, headers: Readonly<Record<string, string>> = {}): string[] {
  const parsed = new URL(url);
  const fromAddress = [parsed.password, decodeURIComponent(parsed.password), ...[...parsed.searchParams.values()]];
  return [...fromAddress, ...Object.values(headers)].filter((value) => value !== '');
}
