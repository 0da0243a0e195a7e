import { formatPrice } from '../../../src/catalog/format-price';
import { Card } from '../card';
import { Icon, type IconName } from '../icon';

interface PriceStripProps {
  price: number;
  availability: string | null;
  delivery: string | null;
}

/** MSRP, financing, stock and delivery in one band under the hero of the priced layouts. */
export function PriceStrip({ price, availability, delivery }: PriceStripProps) {
  const facts: Array<{ label: string; value: string; icon: IconName }> = [
    { label: 'Financing', value: 'Financing Available', icon: 'percent' },
    ...(availability ? [{ label: 'Availability', value: availability, icon: 'check' as const }] : []),
    ...(delivery ? [{ label: 'Delivery', value: delivery, icon: 'truck' as const }] : []),
  ];
  return (
    <section id="price" aria-labelledby="price-heading" className="bg-sand-50 py-8 sm:py-10">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="price-heading" className="sr-only">
          Price and availability
        </h2>
        <Card className="p-6 sm:p-8">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-5 lg:grid-cols-4 lg:items-center">
            <div className="col-span-2 lg:col-span-1">
              <dt className="text-sm font-semibold uppercase tracking-wider text-ink-600">MSRP</dt>
              <dd className="text-4xl font-extrabold tracking-tight text-brand-800">{formatPrice(price)}</dd>
            </div>
            {facts.map((fact) => (
              <div key={fact.label}>
                <dt className="flex items-center gap-2 text-sm text-ink-600">
                  <Icon name={fact.icon} className="size-4 text-success-700" />
                  {fact.label}
                </dt>
                <dd className="mt-1 text-lg font-bold text-ink-900">{fact.value}</dd>
              </div>
            ))}
          </dl>
        </Card>
      </div>
    </section>
  );
}
