import { contactPath } from '../../../src/contact/contact-path';
import { ActionPair } from '../call-button';

/** The older layout's blue call to action: write to us, or call. A page that shows the price does not offer to tell it. */
export function ContactBanner({ vehicleName, vehicleSlug, priced }: { vehicleName: string; vehicleSlug: string; priced: boolean }) {
  return (
    <section aria-labelledby="contact-banner-heading" className="bg-brand-700 text-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-14 sm:px-6 lg:flex-row lg:items-center lg:justify-between">
        <div className="max-w-2xl">
          <h2 id="contact-banner-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Interested in the {vehicleName}?
          </h2>
          <p className="mt-3 text-lg text-brand-100">
            {priced
              ? 'Arrange a test drive, or talk through financing and delivery with our sales team.'
              : "Ask for today's price, arrange a test drive or talk through financing and delivery with our sales team."}
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <ActionPair primary={{ to: contactPath({ interest: 'sales', vehicle: vehicleSlug }), label: 'Contact Us Today' }} secondary="call" />
        </div>
      </div>
    </section>
  );
}
