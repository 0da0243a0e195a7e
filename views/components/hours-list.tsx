import type { WeekHours } from '../../src/config/business-file';
import { hoursRows } from '../../src/business/week-hours';

/**
 * A week of opening hours as a description list: 'grid' puts the days and hours in two tight
 * columns (cards, the footer), 'divided' gives each line its own row with a rule between (hours cards).
 */
export function HoursList({ week, layout = 'grid', className = '' }: { week: WeekHours; layout?: 'grid' | 'divided'; className?: string }) {
  const rows = hoursRows(week);
  if (layout === 'divided') {
    return (
      <dl className={`divide-y divide-ink-200 ${className}`}>
        {rows.map((row) => (
          <div key={row.days} className="flex justify-between gap-4 py-2.5 text-ink-800">
            <dt className="font-semibold">{row.days}</dt>
            <dd>{row.hours}</dd>
          </div>
        ))}
      </dl>
    );
  }
  return (
    <dl className={`grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 ${className}`}>
      {rows.map((row) => (
        <div key={row.days} className="contents">
          <dt className="font-medium">{row.days}</dt>
          <dd>{row.hours}</dd>
        </div>
      ))}
    </dl>
  );
}
