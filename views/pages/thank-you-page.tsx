import { FeatureCard } from '../components/feature-card';
import { HoursList } from '../components/hours-list';
import { Icon } from '../components/icon';
import { LinkTiles } from '../components/link-tiles';
import { Section } from '../components/section';
import { useBusiness } from '../hooks/use-business';
import type { PageModule } from './page-module';
import { CallButton } from '../components/call-button';

const nextSteps = [
  { title: 'We review your message', text: 'A member of our team reads your inquiry and pulls up the models, rental dates or service history it mentions.' },
  { title: 'You get a personal response', text: 'A real person replies by phone or e-mail, with answers rather than a form letter.' },
  { title: 'Solution and service', text: 'We line up the quote, test drive, reservation or service appointment that fits what you need.' },
];

function ThankYouPage() {
  const business = useBusiness();
  return (
    <>
      <div className="bg-brand-900 text-white">
        <div className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6 sm:py-20">
          <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-sun-400 text-ink-900">
            <Icon name="check" className="size-7" />
          </span>
          <h1 className="mt-6 text-3xl font-extrabold tracking-tight sm:text-5xl">Thank You for Your Message!</h1>
          <p className="mt-5 text-lg text-brand-100">We will respond within 24 hours, and typically within 2-6 hours during business hours.</p>
        </div>
      </div>
      <Section title="What Happens Next" id="next-steps">
        <ol className="grid gap-6 md:grid-cols-3">
          {nextSteps.map((step, index) => (
            <FeatureCard
              key={step.title}
              lead={<span className="flex size-10 items-center justify-center rounded-full bg-brand-100 text-lg font-bold text-brand-800">{index + 1}</span>}
              title={step.title}
              text={step.text}
            />
          ))}
        </ol>
      </Section>
      <Section tone="sand" title="Need an answer sooner?" id="call-us">
        <div className="flex flex-col gap-6 md:flex-row md:items-center md:justify-between">
          <div>
            <p className="text-lg text-ink-700">Call us and talk to our team right away.</p>
            <HoursList week={business.hours} className="mt-3 text-ink-700" />
          </div>
          <CallButton variant="call" />
        </div>
      </Section>
      <Section title="While you wait" id="explore">
        <LinkTiles
          roomy
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
          links={[
            { path: '/inventory', label: 'Browse our inventory' },
            { path: '/rentals', label: 'See rental prices' },
            { path: '/financing', label: 'Apply for financing', reloadDocument: true },
            { path: '/', label: 'Back to the home page' },
          ]}
        />
      </Section>
    </>
  );
}

export const thankYouPage: PageModule = {
  Component: ThankYouPage,
  handle: {
    head: () => ({ title: 'Thank You for Your Message', description: 'Your message reached our team; we respond within 24 hours.', canonicalPath: '/thank-you' }),
  },
};
