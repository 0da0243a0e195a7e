import type { ReactNode } from 'react';
import { SiteLink } from './site-link';
import type { CardPhoto } from '../../src/catalog/inventory-listing';
import type { Vehicle } from '../../src/catalog/vehicle';
import { formatPrice } from '../../src/catalog/format-price';
import { cardDescription } from '../../src/catalog/card-description';
import { vehiclePath } from '../../src/catalog/vehicle-path';
import { Badge, type BadgeTone } from './badge';
import { keptContent } from './kept-markup';
import { PLACEHOLDER_IMAGE, VEHICLE_IMAGE_SIZE } from './vehicle-image';

// Pages with cards take the picture's size from here; a model's page, without cards, from vehicle-image.
export { PLACEHOLDER_IMAGE, VEHICLE_IMAGE_SIZE };

/** A card's width: the page's on phones, half of it from 640 px, a third (of at most 72rem) from 1024 px. */
const CARD_SIZES = '(min-width: 1024px) 23rem, (min-width: 640px) 50vw, 100vw';
/** A card's frame, written by the server around a card's kept content too (CatalogVehicleCard on the server). */
const CARD_CLASSES =
  'group relative flex h-full flex-col overflow-hidden rounded-[var(--radius-card)] bg-white shadow-[var(--shadow-card)] ring-1 ring-ink-200/70 transition-shadow hover:shadow-lg';

export interface VehicleCardProps {
  href: string;
  name: string;
  /** The vehicle's first image; the placeholder is shown when there is none. */
  image?: string;
  /** A unit's photo at its widths: the photo fills the picture rather than sitting in it like an illustration. */
  srcSet?: string;
  priceLabel: string;
  badge?: { label: string; tone: BadgeTone };
  description?: string;
  /** A short line under the name, e.g. the brand. */
  eyebrow?: string;
  headingLevel?: 'h2' | 'h3';
}

/** "40-55 miles": each figure range kept on one line, so a card never reads "40-" above "55". */
function withFiguresTogether(text: string): ReactNode[] {
  return text.split(/(\d[\d,.]*[-–]\d[\d,.]*\+?)/).map((part, index) =>
    index % 2 === 1 ? (
      <span key={index} className="whitespace-nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  );
}

/** A vehicle in a grid: picture, name and price, the whole card one link. */
export function VehicleCard({ href, name, image, srcSet, priceLabel, badge, description, eyebrow, headingLevel: Heading = 'h3' }: VehicleCardProps) {
  return (
    <article className={CARD_CLASSES}>
      <div className="relative bg-gradient-to-b from-brand-50 to-sand-50">
        <img
          src={image ?? PLACEHOLDER_IMAGE}
          srcSet={srcSet}
          sizes={srcSet && CARD_SIZES}
          alt=""
          width={VEHICLE_IMAGE_SIZE.width}
          height={VEHICLE_IMAGE_SIZE.height}
          loading="lazy"
          decoding="async"
          className={`aspect-[8/5] h-auto w-full ${srcSet ? 'object-cover' : 'object-contain p-4'}`}
        />
        {badge ? (
          <Badge tone={badge.tone} className="absolute left-3 top-3">
            {badge.label}
          </Badge>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col p-5">
        {eyebrow ? <p className="text-xs font-semibold uppercase tracking-wider text-brand-600">{eyebrow}</p> : null}
        <Heading className="mt-1 text-lg font-bold text-ink-900">
          <SiteLink to={href} className="after:absolute after:inset-0 after:content-['']">
            {name}
          </SiteLink>
        </Heading>
        {/* Whole sentences (or whole words) rather than a clamp, which would cut "35-45" in two. */}
        {description ? <p className="mt-2 text-sm text-ink-600">{withFiguresTogether(cardDescription(description))}</p> : null}
        <p className="mt-auto pt-4 text-xl font-extrabold text-brand-800">{priceLabel}</p>
      </div>
    </article>
  );
}

/** The catalog's vehicle grids: one column on phones, up to three on wide screens. */
export const VEHICLE_GRID_CLASSES = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3';

type CatalogVehicle = Pick<Vehicle, 'id' | 'slug' | 'name' | 'description' | 'price' | 'images'> & Partial<Pick<Vehicle, 'isNew'>> & { photo?: CardPhoto };

/**
 * A catalog vehicle as a card, linking to its canonical page. The badge is NEW for new
 * vehicles unless the page gives its own (null for none). On the server the card's frame is
 * written here and its content rendered once for equal props (kept-markup.ts), so that an
 * inventory page of 24 cards does not render 24 cards; Vite's browser build leaves that branch out.
 */
export function CatalogVehicleCard({ vehicle, badge, eyebrow }: { vehicle: CatalogVehicle; badge?: VehicleCardProps['badge'] | null; eyebrow?: string }) {
  const shownBadge = badge === undefined ? (vehicle.isNew ? ({ label: 'NEW', tone: 'new' } as const) : undefined) : (badge ?? undefined);
  const card: VehicleCardProps = {
    href: vehiclePath(vehicle),
    name: vehicle.name,
    image: vehicle.photo?.src ?? vehicle.images[0],
    srcSet: vehicle.photo?.srcSet,
    priceLabel: formatPrice(vehicle.price),
    badge: shownBadge,
    description: vehicle.description,
    eyebrow,
  };
  if (typeof import.meta.env === 'undefined' || import.meta.env.SSR) {
    const content = keptContent(VehicleCard, card, 'article');
    if (content !== undefined) return <article className={CARD_CLASSES} dangerouslySetInnerHTML={{ __html: content }} />;
  }
  return <VehicleCard {...card} />;
}
