/** The dealership's clock: every time staff read is New Jersey time. */
export const BUSINESS_TIME_ZONE = 'America/New_York';

function parts(date: Date): Record<string, string> {
  const formatter = new Intl.DateTimeFormat('en-US', {
    timeZone: BUSINESS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  });
  return Object.fromEntries(formatter.formatToParts(date).map((part) => [part.type, part.value]));
}

/** ISO 8601 with the local offset, as ADF's requestdate expects: "2025-06-14T09:30:00-04:00". */
export function businessIsoTime(date: Date): string {
  const { year, month, day, hour, minute, second, timeZoneName } = parts(date);
  const offset = timeZoneName === 'GMT' ? '+00:00' : timeZoneName!.replace('GMT', '');
  return `${year}-${month}-${day}T${hour}:${minute}:${second}${offset}`;
}

/** For people: "Saturday, June 14, 2025 at 9:30 AM EDT". */
export function businessReadableTime(date: Date): string {
  const when = new Intl.DateTimeFormat('en-US', { timeZone: BUSINESS_TIME_ZONE, dateStyle: 'full', timeStyle: 'short' }).format(date);
  const zone = new Intl.DateTimeFormat('en-US', { timeZone: BUSINESS_TIME_ZONE, timeZoneName: 'short' })
    .formatToParts(date)
    .find((part) => part.type === 'timeZoneName')?.value;
  return zone ? `${when} ${zone}` : when;
}
