import type { Holiday, WeekHours } from '../config/business-file';
import { WEEKDAYS } from '../config/weekdays';
import { isOpening } from '../business/week-hours';

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/**
 * A week and its holidays as schema.org states them: one OpeningHoursSpecification per distinct
 * opening with its days (closed days are simply absent), and each holiday as a special opening for
 * its date, with opens and closes 00:00 for a day closed throughout.
 */
export function openingHoursJsonLd(week: WeekHours, holidays: readonly Holiday[]): { openingHoursSpecification: object[]; specialOpeningHoursSpecification?: object[] } {
  const byHours = new Map<string, { opens: string; closes: string; days: string[] }>();
  WEEKDAYS.forEach((day, index) => {
    const hours = week[day];
    if (!isOpening(hours)) return;
    const key = `${hours.opens}-${hours.closes}`;
    const entry = byHours.get(key) ?? { ...hours, days: [] };
    entry.days.push(DAY_NAMES[index]!);
    byHours.set(key, entry);
  });
  const openingHoursSpecification = [...byHours.values()].map(({ days, opens, closes }) => ({ '@type': 'OpeningHoursSpecification', dayOfWeek: days, opens, closes }));
  if (holidays.length === 0) return { openingHoursSpecification };
  return {
    openingHoursSpecification,
    specialOpeningHoursSpecification: holidays.map((holiday) => ({
      '@type': 'OpeningHoursSpecification',
      name: holiday.name,
      validFrom: holiday.date,
      validThrough: holiday.date,
      opens: holiday.opens ?? '00:00',
      closes: holiday.closes ?? '00:00',
    })),
  };
}
