import { BUSINESS_TIME_ZONE } from '../../../src/business/business-time';

const newJerseyTime = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  timeZoneName: 'short',
});

/** "Nov 26, 2026, 9:30:05 AM EST": the dealer's clock, as staff read every time in the staff area. */
export function staffTimeText(iso: string): string {
  return newJerseyTime.format(new Date(iso));
}

/**
 * A moment as staff read it: New Jersey time, and with `utc` the UTC instant beside it (the audit
 * log's times are compared with other systems' logs, which are in UTC).
 */
export function StaffTime({ iso, utc = false }: { iso: string; utc?: boolean }) {
  return (
    <>
      <time dateTime={iso}>{staffTimeText(iso)}</time>
      {utc ? <span className="block font-mono text-xs text-ink-600">{iso.replace(/\.\d{3}Z$/, 'Z')}</span> : null}
    </>
  );
}
