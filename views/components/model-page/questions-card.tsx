import { Card } from '../card';
import { hoursRows } from '../../../src/business/week-hours';
import { useBusiness } from '../../hooks/use-business';
import { CallButton } from '../call-button';
import { IconBadge } from '../feature-card';

/** Beside the figures: a person to ask, one call away. */
export function QuestionsCard({ vehicleName }: { vehicleName: string }) {
  const business = useBusiness();
  const openHours = hoursRows(business.hours)
    .filter((row) => /\d/.test(row.hours))
    .map((row) => `${row.days} ${row.hours}`)
    .join(', ');
  return (
    <Card className="flex flex-col p-6 sm:p-8">
      <IconBadge icon="phone" />
      <h3 className="mt-4 text-lg font-bold text-ink-900">Questions About the {vehicleName}?</h3>
      <p className="mt-2 text-ink-700">Call our sales team for a walkaround, a test drive or help choosing between models. We are open {openHours}.</p>
      <div className="mt-auto pt-6">
        <CallButton />
      </div>
    </Card>
  );
}
