import { contactPath } from '../../../src/contact/contact-path';
import { ActionPair } from '../call-button';
import { useBusiness } from '../../hooks/use-business';
import { OpensInNewTab } from '../opens-in-new-tab';

/** The priced layouts' dark closing call to action: a quote, or the financing application. */
export function ClosingBanner({ vehicleName, vehicleSlug }: { vehicleName: string; vehicleSlug: string }) {
  const business = useBusiness();
  return (
    <section aria-labelledby="closing-banner-heading" className="bg-white py-14 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="rounded-3xl bg-brand-950 px-6 py-14 text-center text-white shadow-xl sm:px-12">
          <h2 id="closing-banner-heading" className="text-2xl font-bold tracking-tight text-balance sm:text-4xl">
            Make the {vehicleName} Yours
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-100">
            Get a quote with today's price and delivery date, or start your financing application online in a few minutes.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <ActionPair
              primary={{ to: contactPath({ interest: 'sales', topic: 'quote', vehicle: vehicleSlug }), label: 'Get Quote Today', arrow: 'right' }}
              secondary={{
                to: business.financingUrl,
                label: (
                  <>
                    Visit Showroom
                    <OpensInNewTab />
                  </>
                ),
              }}
            />
          </div>
        </div>
      </div>
    </section>
  );
}
