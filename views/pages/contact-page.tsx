import { useLoaderData, useLocation, type LoaderFunctionArgs } from 'react-router';
import { isContactFormState } from '../../src/contact/contact-form-state';
import { findVehicleOfInterest, prefillFromSearchParams, prefillMessage } from '../../src/contact/contact-prefill';
import { CONTACT_INTERESTS, parseContactContext, type ContactField } from '../../src/contact/contact-schema';
import { LEAD_SOURCE_FIELDS, leadSourceFromUrl, type LeadSource } from '../../src/contact/visit-source';
import { catalogFor, formStateFor } from '../../src/request-context';
import { ButtonLink } from '../components/button-link';
import { Card } from '../components/card';
import { ContactForm, type ContactFormProps } from '../components/contact-form';
import { Icon } from '../components/icon';
import { PageHero } from '../components/page-hero';
import { useBusiness, useCurrentMoment } from '../hooks/use-business';
import { deferredHydration } from '../layout/deferred-hydration';
import type { PageModule } from './page-module';

// Addresses, phones and hours: text and links, hydrated after the form (deferred-hydration.tsx).
const ContactInfoCards = deferredHydration(() => import('../components/contact-info-cards').then((module) => module.ContactInfoCards));

type ContactPageData = ContactFormProps;

/**
 * The form's starting point: what the visitor sent back after a refused submission without
 * JavaScript, or else a form prefilled from the link that led here (?interest=&topic=&plan=&vehicle=).
 */
async function contactLoader({ request, context }: LoaderFunctionArgs): Promise<ContactPageData> {
  const formState = formStateFor(context);
  if (isContactFormState(formState)) {
    const { values } = formState;
    const interest = CONTACT_INTERESTS.find((known) => known === values.interest) ?? 'sales';
    return {
      initial: {
        firstName: values.firstName ?? '',
        lastName: values.lastName ?? '',
        email: values.email ?? '',
        phone: values.phone ?? '',
        interest,
        message: values.message ?? '',
      } satisfies Record<ContactField, string>,
      context: parseContactContext(values),
      source: Object.fromEntries(LEAD_SOURCE_FIELDS.flatMap((field) => (values[field] ? [[field, values[field]]] : []))) as LeadSource,
      fieldErrors: formState.fieldErrors,
      formError: formState.formError ?? null,
    };
  }
  const prefill = prefillFromSearchParams(new URL(request.url).searchParams);
  let vehicleName: string | undefined;
  if (prefill.vehicle) {
    try {
      vehicleName = findVehicleOfInterest(await catalogFor(context).listVehicles(), prefill.vehicle)?.name;
    } catch {
      // Without the catalog the link's own wording stands in for the vehicle's name.
    }
  }
  const { topic, plan, vehicle } = prefill;
  return {
    initial: { firstName: '', lastName: '', email: '', phone: '', interest: prefill.interest, message: prefillMessage(prefill, vehicleName) },
    context: { topic, plan, vehicle },
    source: leadSourceFromUrl(new URL(request.url)),
    fieldErrors: {},
    formError: null,
  };
}

/**
 * "When will I hear back?", answered from the business hours: within hours while the team is in,
 * else the next business morning. A page kept open past the moment it was rendered in falls back
 * to the general promise.
 */
function ReplyPromise() {
  const moment = useCurrentMoment();
  const text = !moment
    ? 'We answer within 24 hours, and usually within 2-6 hours during business hours.'
    : moment.reply.open
      ? `We're open now: expect our answer ${moment.reply.when}.`
      : `We're closed right now: expect our answer ${moment.reply.when}.`;
  return (
    <p className="mt-4 flex items-start gap-2 rounded-xl bg-brand-50 px-4 py-3 font-semibold text-brand-800">
      <Icon name="clock" className="mt-0.5 size-5 shrink-0" />
      {text}
    </p>
  );
}

function ContactPage() {
  const business = useBusiness();
  const data = useLoaderData() as ContactPageData;
  const { search } = useLocation();
  return (
    <>
      <PageHero
        eyebrow="We're here to help"
        title="Contact Us"
        actions={
          <>
            <ButtonLink to={business.phoneHref} variant="call" size="lg">
              <Icon name="phone" className="size-4" />
              Call Now {business.phone}
            </ButtonLink>
            <ButtonLink to={`mailto:${business.email}`} variant="outline-light" size="lg">
              <Icon name="mail" className="size-4" />
              Email Us
            </ButtonLink>
          </>
        }
      >
        <p>Questions about a cart, a rental or a repair? Call, e-mail or send us a message, and a real person will answer within 24 hours.</p>
      </PageHero>
      <div className="bg-sand-50 py-14 sm:py-20">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 sm:px-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.5fr)] lg:items-start">
          <ContactInfoCards />
          <Card className="p-6 sm:p-8">
            <h2 className="text-2xl font-bold tracking-tight text-ink-900">Send Us a Message</h2>
            <p className="mt-2 text-ink-600">Every field is required. We use your details only to answer you.</p>
            <ReplyPromise />
            <div className="mt-6">
              {/* A new link (another interest or vehicle) starts a new form. */}
              <ContactForm key={search} {...data} />
            </div>
          </Card>
        </div>
      </div>
    </>
  );
}

export const contactPage: PageModule<ContactPageData> = {
  Component: ContactPage,
  loader: contactLoader,
  handle: {
    head: ({ business }) => ({
      title: 'Contact Us',
      description: `Call, e-mail or send ${business.name} a message about golf cart sales, rentals, service and parts. We answer within 24 hours.`,
      canonicalPath: '/contact',
      jsonLd: [{ '@context': 'https://schema.org', '@type': 'ContactPage', name: `Contact ${business.name}`, url: `${business.origin}/contact` }],
    }),
  },
};
