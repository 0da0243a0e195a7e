import { data, redirect, useActionData, useLoaderData, useLocation, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { contactFormState, type ContactFormState } from '../../src/contact/contact-form-state';
import { findVehicleOfInterest, prefillFromSearchParams, prefillMessage, vehicleLabel } from '../../src/contact/contact-prefill';
import { parseContactContext, type ContactField } from '../../src/contact/contact-schema';
import { INTERESTS } from '../../src/contact/interest';
import { SEND_FAILURE_STATUS } from '../../src/contact/inquiry-sender';
import { LEAD_SOURCE_FIELDS, leadSourceFromUrl, type LeadSource } from '../../src/contact/lead-source';
import { catalogContext } from '../../src/route-context/route-context';
import { inquirySenderContext } from '../../src/route-context/route-context';
import { ButtonLink } from '../components/button-link';
import { Card } from '../components/card';
import { ContactForm, type ContactFormProps } from '../components/contact-form';
import { Icon } from '../components/icon';
import { PageHero } from '../components/page-hero';
import type { BusinessMoment } from '../../src/business/business-moment';
import { useBusiness, useCurrentMoment } from '../hooks/use-business';
import { deferredHydration } from '../layout/deferred-hydration';
import type { PageModule } from './page-module';

// Addresses, phones and hours: text and links, hydrated after the form (deferred-hydration.tsx).
const ContactInfoCards = deferredHydration(() => import('../components/contact-info-cards').then((module) => module.ContactInfoCards));

type ContactPageData = ContactFormProps;

/** The form as a submission that was not accepted left it: what the visitor typed, and why. */
function formFromState({ values, fieldErrors, formError }: ContactFormState): ContactPageData {
  const interest = INTERESTS.find((known) => known === values.interest) ?? 'sales';
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
    fieldErrors,
    formError: formError ?? null,
  };
}

/**
 * The contact form's post, with and without JavaScript: the server's sender checks and stores it
 * (in the browser, the JSON API does). Sent: on to the thank-you page. Not accepted: the page again,
 * at the sender's status, with what the visitor typed and why.
 */
async function contactAction({ request, context }: ActionFunctionArgs) {
  // A field sent twice stays a list, which the checks refuse rather than pick one.
  const values: Record<string, string | string[]> = {};
  for (const [name, value] of await request.formData()) {
    if (typeof value !== 'string') continue;
    const earlier = values[name];
    values[name] = earlier === undefined ? value : [earlier, value].flat();
  }
  const outcome = await context.get(inquirySenderContext).send(values);
  if (outcome.ok) return redirect('/thank-you', 303);
  return data(contactFormState(values, outcome.fieldErrors, outcome.formError ?? undefined), { status: SEND_FAILURE_STATUS[outcome.failure] });
}

/** The form's starting point: prefilled from the link that led here (?interest=&topic=&plan=&vehicle=). */
async function contactLoader({ request, context }: LoaderFunctionArgs): Promise<ContactPageData> {
  const prefill = prefillFromSearchParams(new URL(request.url).searchParams);
  let vehicleName: string | undefined;
  if (prefill.vehicle) {
    try {
      const vehicle = await findVehicleOfInterest(context.get(catalogContext), prefill.vehicle);
      vehicleName = vehicle ? vehicleLabel(vehicle) : undefined;
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
 * "When will I hear back?", answered from the business hours (the moment's reply promise, which
 * the hero's promise reads too): within hours while the team is in, else the next business
 * morning. A page kept open past the moment it was rendered in falls back to the general promise.
 */
function ReplyPromise({ reply }: { reply: BusinessMoment['reply'] | null }) {
  const text = !reply
    ? 'We answer within 24 hours, and usually within 2-6 hours during business hours.'
    : reply.open
      ? `We're open now: expect our answer ${reply.when}.`
      : `We're closed right now: expect our answer ${reply.when}.`;
  return (
    <p className="mt-4 flex items-start gap-2 rounded-xl bg-brand-50 px-4 py-3 font-semibold text-brand-800">
      <Icon name="clock" className="mt-0.5 size-5 shrink-0" />
      {text}
    </p>
  );
}

function ContactPage() {
  const business = useBusiness();
  const prefilled = useLoaderData() as ContactPageData;
  const refused = useActionData() as ContactFormState | undefined;
  const form = refused ? formFromState(refused) : prefilled;
  const { search } = useLocation();
  const reply = useCurrentMoment()?.reply ?? null;
  return (
    <>
      <PageHero
        eyebrow="We're here to help"
        title="Contact Us"
        actions={
          <>
            <ButtonLink to={business.phoneHref} variant="call" size="lg" icon="phone">
              Call Now {business.phone}
            </ButtonLink>
            <ButtonLink to={`mailto:${business.email}`} variant="outline-light" size="lg" icon="mail">
              Email Us
            </ButtonLink>
          </>
        }
      >
        <p>{`Questions about a cart, a rental or a repair? Call, e-mail or send us a message, and a real person will answer ${reply?.when ?? 'within 24 hours'}.`}</p>
      </PageHero>
      <div className="bg-sand-50 py-14 sm:py-20">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 sm:px-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.5fr)] lg:items-start">
          <ContactInfoCards />
          <Card className="p-6 sm:p-8">
            <h2 className="text-2xl font-bold tracking-tight text-ink-900">Send Us a Message</h2>
            <p className="mt-2 text-ink-600">Every field is required. We use your details only to answer you.</p>
            <ReplyPromise reply={reply} />
            <div className="mt-6">
              {/* A new link (another interest or vehicle) starts a new form. */}
              <ContactForm key={search} {...form} />
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
  action: contactAction,
  handle: {
    head: ({ business }) => ({
      title: 'Contact Us',
      description: `Call, e-mail or send ${business.name} a message about golf cart sales, rentals, service and parts. We answer within 24 hours.`,
      canonicalPath: '/contact',
      jsonLd: [{ '@context': 'https://schema.org', '@type': 'ContactPage', name: `Contact ${business.name}`, url: `${business.origin}/contact` }],
    }),
  },
};
