import { Card } from '../card';
import { HoursList } from '../hours-list';
import { Icon } from '../icon';
import { Section } from '../section';
import { useBusiness } from '../../hooks/use-business';

/** The older layout's closing row: how to call, when we are open and where we serve. */
export function ContactCards() {
  const business = useBusiness();
  return (
    <Section tone="sand" className="py-12!">
      <ul className="grid gap-6 md:grid-cols-3">
        <Card as="li" className="p-6">
          <Icon name="phone" className="size-6 text-brand-600" />
          <h2 className="mt-3 text-lg font-bold text-ink-900">Call Us</h2>
          <p className="mt-1 text-ink-600">Talk to a cart specialist about this model.</p>
          <a href={business.phoneHref} className="mt-3 inline-block text-lg font-bold text-brand-700 hover:underline">
            {business.phone}
          </a>
        </Card>
        <Card as="li" className="p-6">
          <Icon name="clock" className="size-6 text-brand-600" />
          <h2 className="mt-3 text-lg font-bold text-ink-900">Business Hours</h2>
          <HoursList week={business.hours} className="mt-2 text-ink-700" />
        </Card>
        <Card as="li" className="p-6">
          <Icon name="pin" className="size-6 text-brand-600" />
          <h2 className="mt-3 text-lg font-bold text-ink-900">Service Area</h2>
          <p className="mt-1 text-ink-600">Serving {business.region}, with delivery and pickup across both counties.</p>
        </Card>
      </ul>
    </Section>
  );
}
