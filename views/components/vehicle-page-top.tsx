import type { ReactNode } from 'react';
import { SiteLink } from './site-link';
import { formatPrice } from '../../src/catalog/format-price';
import { Icon } from './icon';

interface VehiclePageTopProps {
  /** The vehicle's picture or photo gallery, beside its facts on a wide screen. */
  picture: ReactNode;
  /** Condition and sale badges above the name. */
  badges: ReactNode;
  /** A line above the name (the brand as the feed writes it), if any. */
  eyebrow?: string;
  name: string;
  price: number | null;
  /** Facts, description and buttons, under the price. */
  children: ReactNode;
  /** A link on to more about the model, under the buttons. */
  more?: { to: string; label: string };
}

/**
 * The top of a vehicle's own page (a catalog entry's or a unit's): back to the inventory, then its
 * picture beside its name, price and facts.
 */
export function VehiclePageTop({ picture, badges, eyebrow, name, price, children, more }: VehiclePageTopProps) {
  return (
    <div className="bg-sand-50">
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
        <SiteLink to="/inventory" className="inline-flex items-center gap-2 rounded font-semibold text-brand-700 hover:underline">
          <Icon name="arrowLeft" className="size-4" />
          Back to Inventory
        </SiteLink>
        <div className="mt-8 grid gap-10 lg:grid-cols-2 lg:items-start">
          {picture}
          <div>
            {badges}
            {eyebrow ? <p className="mt-3 text-sm font-semibold uppercase tracking-wider text-brand-600">{eyebrow}</p> : null}
            <h1 className={`${eyebrow ? 'mt-1' : 'mt-3'} text-3xl font-extrabold tracking-tight text-ink-900 sm:text-4xl`}>{name}</h1>
            <p className="mt-3 text-3xl font-extrabold text-brand-800">{formatPrice(price)}</p>
            {children}
            {more ? (
              <p className="mt-5">
                <SiteLink to={more.to} className="inline-flex items-center gap-1.5 rounded font-semibold text-brand-700 hover:underline">
                  {more.label}
                  <Icon name="arrowRight" className="size-4" />
                </SiteLink>
              </p>
            ) : null}
          </div>
        </div>
      </div>
    </div>
  );
}
