import { capitalize, showroomSummary } from '../../src/business/showroom-summary';
import type { BusinessProfile } from '../../src/config/business-profile';
import { listOf } from '../../src/text/list-of';
import { contactPath } from '../../src/contact/contact-path';
import { ButtonLink } from '../components/button-link';
import { Icon, type IconName } from '../components/icon';
import { ShowroomCard } from '../components/showroom-card';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';
import { useBusiness, useCurrentMoment, usePromotions } from '../hooks/use-business';
import type { PageModule } from './page-module';
import { ActionPair } from '../components/call-button';
import { FeatureCard } from '../components/feature-card';
import { deferredHydration } from '../layout/deferred-hydration';

// The dealer's offers: text, hydrated after the page (deferred-hydration.tsx), so their code is in no page's first JavaScript.
const PromotionBand = deferredHydration(() => import('../components/promotion-band').then((module) => module.PromotionBand));

interface ShowroomService {
  title: string;
  text: string;
  icon: IconName;
  action: { label: string; to: string };
}

function showroomServices(business: BusinessProfile): ShowroomService[] {
  return [
    {
      title: 'Test Drives',
      text: 'Drive any cart on the floor around the lot, or book a longer ride on the roads you will actually use.',
      icon: 'gauge',
      action: { label: 'Book a Test Drive', to: contactPath({ interest: 'sales', topic: 'test drive' }) },
    },
    {
      title: 'Expert Consultation',
      text: 'Seats, range, street-legal equipment, lithium or lead-acid: we help you choose the cart that fits how you ride.',
      icon: 'users',
      action: { label: 'Ask an Expert', to: contactPath({ interest: 'sales', topic: 'consultation' }) },
    },
    {
      title: 'Financing',
      text: 'Financing on approved credit through our lending partners, with a quick online application.',
      icon: 'percent',
      action: { label: 'Apply for Financing', to: business.financingUrl },
    },
  ];
}

function ShowroomPage() {
  const business = useBusiness();
  const moment = useCurrentMoment();
  return (
    <>
      <PageHero
        eyebrow="Visit us"
        title="Our Showrooms"
        actions={<ActionPair primary="call" secondary={{ to: contactPath({ interest: 'sales', topic: 'test drive' }), label: 'Schedule a Visit' }} />}
      >
        <p>{capitalize(showroomSummary(business.showrooms))}, each with carts on the floor to see, sit in and test drive.</p>
      </PageHero>
      <PromotionBand promotions={usePromotions()} place="showrooms" />

      <Section title="Locations & Hours" intro="Walk in any time we are open; call ahead if you want a particular model ready for you." id="locations">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {business.showrooms.map((showroom) => (
            <li key={showroom.id}>
              <ShowroomCard showroom={showroom} withHours status={moment?.showrooms[showroom.id]} />
            </li>
          ))}
          <li className="flex flex-col rounded-[var(--radius-card)] bg-brand-900 p-6 text-white">
            <h3 className="text-lg font-bold">Can&apos;t Make It In?</h3>
            <p className="mt-3 text-brand-100">We deliver new and rental carts across {business.region}, and our service vans come to your driveway.</p>
            <div className="mt-auto flex flex-wrap gap-2 pt-5">
              <ButtonLink to={business.phoneHref} variant="call" icon="phone">
                {business.phone}
              </ButtonLink>
            </div>
          </li>
        </ul>
      </Section>

      <Section tone="sand" title="At Every Showroom" id="showroom-services">
        <ul className="grid gap-6 md:grid-cols-3">
          {showroomServices(business).map((service) => (
            <FeatureCard
              key={service.title}
              icon={service.icon}
              title={service.title}
              text={service.text}
              action={
                <ButtonLink to={service.action.to} variant="secondary">
                  {service.action.label}
                  {service.action.to.startsWith('https:') ? (
                    <>
                      <Icon name="external" className="size-4" />
                      <span className="sr-only">(opens in a new tab)</span>
                    </>
                  ) : null}
                </ButtonLink>
              }
            />
          ))}
        </ul>
        <div className="mt-10 flex flex-wrap items-center gap-4">
          <p className="text-lg text-ink-700">Questions before you visit?</p>
          <ButtonLink to="/contact" size="lg" icon="mail">
            Contact Us
          </ButtonLink>
        </div>
      </Section>
    </>
  );
}

export const showroomPage: PageModule = {
  Component: ShowroomPage,
  handle: {
    head: ({ business, structuredData }) => ({
      title: 'Showrooms & Hours',
      description: `Visit one of our ${business.showrooms.length} golf cart showrooms in ${listOf(business.showrooms.map((showroom) => showroom.city))} for test drives, expert advice and financing.`,
      canonicalPath: '/showroom',
      keywords: [
        'golf cart showroom',
        'golf cart dealer near me',
        ...business.showrooms.map((showroom) => `golf carts ${showroom.city} ${showroom.state}`),
        'golf cart test drive',
      ],
      jsonLd: structuredData ? business.showrooms.map((showroom) => structuredData.showroom(showroom, business)) : [],
    }),
  },
};
