import type { OpeningHours } from '../../src/config/business-profile';
import { useBusiness } from '../hooks/use-business';
import { Card } from './card';
import { Icon } from './icon';

function HoursList({ hours }: { hours: OpeningHours[] }) {
  return (
    <dl className="divide-y divide-ink-200">
      {hours.map((row) => (
        <div key={row.days} className="flex justify-between gap-4 py-2.5 text-ink-800">
          <dt className="font-semibold">{row.days}</dt>
          <dd>{row.hours}</dd>
        </div>
      ))}
    </dl>
  );
}

/** When the showrooms answer, and when the service department does. */
export function ContactHoursCard() {
  const business = useBusiness();
  return (
    <Card className="p-6">
      <h2 className="flex items-center gap-2 text-xl font-bold text-ink-900">
        <Icon name="clock" className="size-5 text-brand-600" />
        Business Hours
      </h2>
      <div className="mt-3">
        <HoursList hours={business.hours} />
      </div>
      <h3 className="mt-5 text-sm font-semibold uppercase tracking-wider text-ink-600">Service department</h3>
      <div className="mt-1 text-sm">
        <HoursList hours={business.serviceHours} />
      </div>
    </Card>
  );
}
