import { useBusiness, useCurrentMoment } from '../hooks/use-business';
import { Card } from './card';
import { HolidayHours } from './holiday-hours';
import { HoursList } from './hours-list';
import { Icon } from './icon';
import { OpenSign } from './open-sign';

/** When the phones and showrooms answer (and whether they do right now), and when the service department does. */
export function ContactHoursCard() {
  const business = useBusiness();
  const moment = useCurrentMoment();
  return (
    <Card className="p-6">
      <h2 className="flex items-center gap-2 text-xl font-bold text-ink-900">
        <Icon name="clock" className="size-5 text-brand-600" />
        Business Hours
      </h2>
      <OpenSign status={moment?.phoneLine} className="mt-3 text-ink-700" />
      <HoursList week={business.hours} layout="divided" className="mt-3" />
      <HolidayHours className="mt-3 text-sm text-ink-800" />
      <h3 className="mt-5 text-sm font-semibold uppercase tracking-wider text-ink-600">Service department</h3>
      <HoursList week={business.serviceHours} layout="divided" className="mt-1 text-sm" />
    </Card>
  );
}
