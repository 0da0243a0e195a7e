import { addDays } from '../../src/business/business-time';
import { formatTime } from '../../src/business/week-hours';
import { businessHolidays, showroomHolidays } from '../../src/config/business-profile';
import { formatCalendarDate } from '../../src/text/format-calendar-date';
import { useBusiness, useCurrentMoment } from '../hooks/use-business';

/** How far ahead the hours cards list holidays: a visitor planning a visit looks weeks ahead, not months. */
const DAYS_AHEAD = 45;

/**
 * The coming holidays (closed, or shorter hours) of a showroom, or of the phones and the sales team
 * without one: the business file's and those staff added, from the day the page was rendered.
 */
export function HolidayHours({ showroomId, className = '' }: { showroomId?: string; className?: string }) {
  const business = useBusiness();
  const moment = useCurrentMoment();
  if (!moment) return null;
  const until = addDays(moment.date, DAYS_AHEAD);
  const holidays = (showroomId ? showroomHolidays(business, showroomId) : businessHolidays(business)).filter(
    (holiday) => holiday.date >= moment.date && holiday.date <= until,
  );
  if (holidays.length === 0) return null;
  return (
    <div className={className}>
      <p className="font-semibold text-ink-900">Holiday hours</p>
      <ul className="mt-1 space-y-0.5">
        {holidays.map((holiday) => (
          <li key={holiday.date}>
            <time dateTime={holiday.date}>{formatCalendarDate(holiday.date, 'short')}</time> ({holiday.name}):{' '}
            {holiday.opens && holiday.closes ? `${formatTime(holiday.opens)}-${formatTime(holiday.closes)}` : 'Closed'}
          </li>
        ))}
      </ul>
    </div>
  );
}
