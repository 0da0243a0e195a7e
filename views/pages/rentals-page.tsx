import { rentalBenefits, rentalPlanGroups, rentalTerms, type RentalPlanGroup } from '../../seeds/rental-plans';
import type { BusinessProfile } from '../../src/config/business-profile';
import { contactPath } from '../../src/contact/contact-path';
import { ButtonLink } from '../components/button-link';
import { CtaCard } from '../components/call-to-action';
import { Icon } from '../components/icon';
import { PageHero } from '../components/page-hero';
import { RentalPlanCard } from '../components/rental-plan-card';
import { Section } from '../components/section';
import type { PageModule } from './page-module';
import { ActionPair, CallButton } from '../components/call-button';

const PLANS_ID = 'plans';

/** The contact link of the hero's Reserve Today button, for any plan. */
const RESERVE_PATH = contactPath({ interest: 'general', topic: 'rental' });

/** The contact link of one plan's RESERVE TODAY button: '/contact?interest=general&topic=rental&plan=6-seater-weekly'. */
function reservePath(group: RentalPlanGroup, planId: string): string {
  return contactPath({ interest: 'general', topic: 'rental', plan: `${group.id}-${planId}` });
}

function RentalsPage() {
  return (
    <>
      <PageHero
        eyebrow="Golf cart rentals"
        title="Rent a Street-Legal Golf Cart at the Shore"
        actions={
          <ActionPair primary={{ to: RESERVE_PATH, label: 'Reserve Today', icon: 'calendar' }} secondary={{ to: `#${PLANS_ID}`, label: 'View Pricing', arrow: 'down' }} />
        }
      >
        <p>
          4 and 6 seater carts and utility carts by the day, the long weekend, the week or the month. Delivered fully charged to your rental, your house or your event,
          and picked up when you are done.
        </p>
      </PageHero>

      <Section title="Why Rent With Us" id="benefits">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {rentalBenefits.map((benefit) => (
            <li key={benefit.title} className="flex gap-4 rounded-2xl bg-sand-50 p-5 ring-1 ring-sand-200">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-success-50 text-success-700 ring-1 ring-success-700/20">
                <Icon name="check" className="size-5" />
              </span>
              <div>
                <h3 className="font-bold text-ink-900">{benefit.title}</h3>
                <p className="mt-1 text-sm text-ink-600">{benefit.description}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <section id={PLANS_ID} aria-labelledby={`${PLANS_ID}-heading`} className="bg-sand-50 py-14 sm:py-20">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <div className="max-w-2xl">
            <h2 id={`${PLANS_ID}-heading`} className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">
              Rental Plans & Pricing
            </h2>
            <p className="mt-3 text-base text-ink-600 sm:text-lg">One price for the whole period, insurance included. The longer you ride, the less each day costs.</p>
          </div>
          {rentalPlanGroups.map((group) => (
            <div key={group.id} className="mt-14 first-of-type:mt-10">
              <h3 id={`${group.id}-plans`} className="text-xl font-bold text-ink-900 sm:text-2xl">
                {group.title}
              </h3>
              <p className="mt-2 max-w-2xl text-ink-600">{group.description}</p>
              <ul aria-labelledby={`${group.id}-plans`} className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
                {group.plans.map((plan) => (
                  <li key={plan.id}>
                    <RentalPlanCard plan={plan} groupTitle={group.title} reserveHref={reservePath(group, plan.id)} />
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>

      <CtaCard
        id="help"
        tone="white"
        title="Not Sure Which Plan Fits?"
        actions={
          <>
            <CallButton variant="call" />
            <ButtonLink to={contactPath({ interest: 'general', topic: 'rental' })} variant="secondary" size="lg">
              Send Us a Message
            </ButtonLink>
          </>
        }
        after={
          <aside aria-label="Rental terms" className="mt-10 border-t border-ink-200 pt-6 text-sm text-ink-600">
            <h2 className="font-semibold text-ink-800">Rental terms</h2>
            <ul className="mt-2 space-y-1">
              {rentalTerms.notes.map((note) => (
                <li key={note}>
                  <span aria-hidden="true">* </span>
                  {note}
                </li>
              ))}
            </ul>
          </aside>
        }
      >
        Tell us where you are staying, how many people are riding and for how long. We will suggest the right cart and plan, and check availability for your dates while
        you are on the phone.
      </CtaCard>
    </>
  );
}

/** The rental plans as schema.org offers, one catalog per vehicle type. */
function rentalOfferCatalog(business: BusinessProfile): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'OfferCatalog',
    name: `${business.name} golf cart rentals`,
    url: `${business.origin}/rentals`,
    itemListElement: rentalPlanGroups.map((group) => ({
      '@type': 'OfferCatalog',
      name: group.title,
      itemListElement: group.plans.map((plan) => ({
        '@type': 'Offer',
        name: `${group.title}: ${plan.title}`,
        description: plan.description,
        price: plan.price,
        priceCurrency: 'USD',
        businessFunction: 'http://purl.org/goodrelations/v1#LeaseOut',
        eligibleDuration: { '@type': 'QuantitativeValue', name: plan.duration },
        seller: { '@id': `${business.origin}/#business` },
      })),
    })),
  };
}

export const rentalsPage: PageModule = {
  Component: RentalsPage,
  handle: {
    head: ({ business }) => ({
      title: 'Golf Cart Rentals',
      description:
        'Street-legal 4 and 6 seater and utility golf cart rentals on the Jersey Shore: daily from $245, weekly from $1,050, monthly from $2,800. Delivery, insurance and 24/7 support.',
      canonicalPath: '/rentals',
      keywords: ['golf cart rentals', 'golf cart rental NJ', 'Jersey Shore golf cart rental', '6 seater golf cart rental', 'LSV rental'],
      jsonLd: [rentalOfferCatalog(business)],
    }),
  },
};
