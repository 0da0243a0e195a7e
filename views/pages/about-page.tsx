import { SiteLink } from '../components/site-link';
import { companyValues } from '../../seeds/about';
import { team } from '../../seeds/team';
import { showroomSummary } from '../../src/business/showroom-summary';
import { yearsInBusiness } from '../../src/business/years-in-business';
import { ActionPair } from '../components/call-button';
import { CtaBanner } from '../components/call-to-action';
import { Card } from '../components/card';
import { PageHero } from '../components/page-hero';
import { PointGrid } from '../components/feature-card';
import { Section } from '../components/section';
import { StatGrid } from '../components/stat-grid';
import { useBusiness, useRenderYear, useTownLinks } from '../hooks/use-business';
import type { PageModule } from './page-module';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((word) => word[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

const COUNTIES = [
  { county: 'Ocean', title: 'Ocean County' },
  { county: 'Cape May', title: 'Cape May County' },
] as const;

function AboutPage() {
  const business = useBusiness();
  const townLinks = useTownLinks();
  const years = yearsInBusiness(business.foundedYear, useRenderYear());
  const stats = [
    { value: years, label: 'Years in business' },
    { value: business.happyCustomers, label: 'Happy customers' },
    { value: String(townLinks.length), label: 'Municipalities served' },
  ];
  return (
    <>
      <PageHero
        eyebrow={`Family-run since ${business.foundedYear}`}
        title={`About ${business.name}`}
        actions={<ActionPair primary={{ to: '/inventory', label: 'Browse Inventory', arrow: 'right' }} secondary={{ to: '/contact', label: 'Contact Us' }} />}
      >
        <p>
          A shore dealership that sells, rents and services electric golf carts and street-legal low-speed vehicles, run by people who ride them on the same streets you
          do.
        </p>
      </PageHero>

      <Section title="Our Story" id="story">
        <div className="grid gap-10 lg:grid-cols-[1.4fr_1fr] lg:items-start">
          <div className="space-y-4 text-lg text-ink-700">
            <p>
              {business.name} started in {business.foundedYear} with a handful of carts, one trailer and a simple idea: shore towns deserve a dealer who picks up the
              phone, fixes what it sells and knows the difference between a cart for a barrier island and one for a retirement community.
            </p>
            <p>
              Word spread from neighbor to neighbor. Rentals followed for the summer crowds, then a service department with mobile vans, then{' '}
              {showroomSummary(business.showrooms)}. Today we carry our house brands DENAGO and EVOLUTION and service every major make.
            </p>
            <p>{years} years on, we are still a local business. The people who sell you a cart are the people who service it, deliver it and answer when you call.</p>
          </div>
          <StatGrid stats={stats} tone="brand" size="lg" className="grid-cols-3 gap-3 lg:grid-cols-1" tileClassName="text-center lg:text-left" />
        </div>
      </Section>

      <Section tone="sand" title="What We Stand For" id="values">
        <PointGrid points={companyValues} />
      </Section>

      <Section title="Meet the Team" intro="The four people you will talk to most, whether you are buying, renting or booking a repair." id="team">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {team.map((member) => (
            <Card as="li" key={member.name} className="p-6 text-center">
              <span
                aria-hidden="true"
                className="mx-auto flex size-20 items-center justify-center rounded-full bg-brand-100 text-2xl font-extrabold text-brand-800 ring-4 ring-brand-50"
              >
                {initials(member.name)}
              </span>
              <h3 className="mt-4 text-lg font-bold text-ink-900">{member.name}</h3>
              <p className="text-sm font-semibold text-brand-700">{member.role}</p>
              <p className="mt-3 text-sm text-ink-600">{member.bio}</p>
            </Card>
          ))}
        </ul>
      </Section>

      <Section
        tone="sand"
        title="Where We Serve"
        intro={`Sales, delivery, rentals and mobile service in ${townLinks.length} municipalities across ${business.region}.`}
        id="service-area"
      >
        <div className="grid gap-10 lg:grid-cols-[1.6fr_1fr]">
          {COUNTIES.map(({ county, title }) => {
            const links = townLinks.filter((town) => town.county === county);
            return (
              <div key={county}>
                <h3 id={`towns-${county.replace(' ', '-').toLowerCase()}`} className="text-lg font-bold text-ink-900">
                  {title} <span className="font-medium text-ink-600">({links.length})</span>
                </h3>
                <ul
                  aria-labelledby={`towns-${county.replace(' ', '-').toLowerCase()}`}
                  className={`mt-4 grid grid-cols-1 gap-x-4 gap-y-2 text-sm min-[420px]:grid-cols-2 ${county === 'Ocean' ? 'md:grid-cols-3' : ''}`}
                >
                  {links.map((town) => (
                    <li key={town.path}>
                      <SiteLink to={town.path} className="font-medium text-brand-700 hover:underline">
                        {town.label}
                      </SiteLink>
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
        </div>
      </Section>

      <CtaBanner
        id="next-steps"
        title="Come Ride With Us"
        actions={<ActionPair primary={{ to: '/inventory', label: 'View Inventory' }} secondary={{ to: '/contact', label: 'Contact Us' }} />}
      >
        See what is on the floor today, or ask us anything.
      </CtaBanner>
    </>
  );
}

export const aboutPage: PageModule = {
  Component: AboutPage,
  handle: {
    head: ({ business }) => ({
      title: 'About Us',
      description: `A family-run golf cart dealership on the New Jersey shore since ${business.foundedYear}: sales, rentals and service across ${business.region}.`,
      canonicalPath: '/about',
      keywords: ['about us', 'golf cart dealer New Jersey', 'Ocean County golf carts', 'Cape May County golf carts', business.name],
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'AboutPage',
          name: `About ${business.name}`,
          url: `${business.origin}/about`,
          about: { '@id': `${business.origin}/#business` },
        },
      ],
    }),
  },
};
