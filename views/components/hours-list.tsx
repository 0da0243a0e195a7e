import type { WeekHours } from '../../src/config/business-file';
import { hoursRows } from '../../src/business/week-hours';

const layouts = {
  grid: { list: 'grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5', row: 'contents', days: 'font-medium' },
  divided: { list: 'divide-y divide-ink-200', row: 'flex justify-between gap-4 py-2.5 text-ink-800', days: 'font-semibold' },
} as const;

/**
 * A week of opening hours as a description list: 'grid' puts the days and hours in two tight
 * columns (cards, the footer), 'divided' gives each line its own row with a rule between (hours cards).
 */
export function HoursList({ week, layout = 'grid', className = '' }: { week: WeekHours; layout?: keyof typeof layouts; className?: string }) {
  const classes = layouts[layout];
  return (
    <dl className={`${classes.list} ${className}`}>
      {hoursRows(week).map((row) => (
        <div key={row.days} className={classes.row}>
          <dt className={classes.days}>{row.days}</dt>
          <dd>{row.hours}</dd>
        </div>
      ))}
    </dl>
  );
}
