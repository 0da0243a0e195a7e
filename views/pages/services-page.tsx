import { serviceOfferings } from '../../seeds/services';
import { ButtonLink } from '../components/button-link';
import { ActionPair } from '../components/call-button';
import { Card } from '../components/card';
import { HoursList } from '../components/hours-list';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';
import { useBusiness } from '../hooks/use-business';
import { contactPath } from '../../src/contact/contact-path';
import type { PageModule } from './page-module';
import { CheckList } from '../components/check-list';
import { FeatureCard, IconBadge } from '../components/feature-card';

/** The contact form, set for a service appointment. */
const APPOINTMENT_PATH = contactPath({ interest: 'service', topic: 'service appointment' });

function ServicesPage() {
  const business = useBusiness();
  return (
    <>
      <PageHero
        eyebrow="Service department"
        title="Golf Cart Service & Repair"
        actions={<ActionPair primary={{ to: APPOINTMENT_PATH, label: 'Schedule Service', icon: 'calendar' }} secondary="call" />}
      >
        <p>Factory-trained technicians for DENAGO, EVOLUTION and every cart we carry. Most repairs are done within 24-48 hours.</p>
      </PageHero>
      <Section title="What we do" intro="Clear prices up front, and a call before any work beyond what you approved." id="offerings">
        <ul className="grid gap-6 sm:grid-cols-2">
          {serviceOfferings.map((offering) => (
            <FeatureCard
              key={offering.id}
              lead={
                <div className="flex items-start justify-between gap-4">
                  <IconBadge icon={offering.icon} />
                  <span className="rounded-full bg-sand-100 px-3 py-1 text-sm font-bold text-ink-800">{offering.price}</span>
                </div>
              }
              title={offering.title}
              text={offering.description}
              action={
                <ButtonLink to={contactPath({ interest: 'service', topic: offering.title })} variant="secondary">
                  Request {offering.title}
                </ButtonLink>
              }
            >
              <CheckList items={offering.includes} size="sm" className="mt-4 space-y-2 text-sm text-ink-700" />
            </FeatureCard>
          ))}
        </ul>
      </Section>
      <Section tone="sand" title="Service hours" id="service-hours">
        <div className="grid gap-6 md:grid-cols-2">
          <Card className="p-6">
            <HoursList week={business.serviceHours} layout="divided" />
          </Card>
          <div className="flex flex-col justify-center gap-4">
            <p className="text-lg text-ink-700">
              <strong className="text-ink-900">Most repairs within 24-48 hours.</strong> Tell us what your cart is doing and we will have the parts ready when it arrives.
            </p>
            <ButtonLink to={contactPath({ interest: 'service' })} size="lg" className="self-start">
              Contact the Service Team
            </ButtonLink>
          </div>
        </div>
      </Section>
    </>
  );
}

export const servicesPage: PageModule = {
  Component: ServicesPage,
  handle: {
    head: () => ({
      title: 'Golf Cart Service & Repair',
      description:
        'Golf cart maintenance and repair from $85/hour, battery services from $50, custom modifications and warranty service. Most repairs within 24-48 hours.',
      canonicalPath: '/services',
      keywords: ['golf cart repair', 'golf cart service NJ', 'golf cart battery', 'golf cart maintenance'],
    }),
  },
};
