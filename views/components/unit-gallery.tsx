import type { UnitPhoto } from '../../src/catalog/unit-fields';
import { UnitPicture } from './unit-picture';
import { PLACEHOLDER_IMAGE, VEHICLE_IMAGE_SIZE } from './vehicle-card';

interface UnitGalleryProps {
  name: string;
  photos: UnitPhoto[];
  /** The model illustration, for a unit whose feed sent no photos. */
  illustration?: string;
}

/**
 * A unit's photos side by side in a strip that snaps to each one: swiped on a phone, scrolled with
 * a trackpad or the arrow keys once focused, and reached from the thumbnails below, plain links to
 * #photo-N that need no JavaScript. A unit without photos shows its model's illustration.
 */
export function UnitGallery({ name, photos, illustration }: UnitGalleryProps) {
  if (photos.length === 0) {
    return (
      <div className="overflow-hidden rounded-[var(--radius-card)] bg-gradient-to-b from-brand-50 to-white ring-1 ring-ink-200/70">
        <img
          src={illustration ?? PLACEHOLDER_IMAGE}
          alt={illustration ? `${name}: the model's illustration` : ''}
          width={VEHICLE_IMAGE_SIZE.width}
          height={VEHICLE_IMAGE_SIZE.height}
          fetchPriority="high"
          className="aspect-[8/5] h-auto w-full object-contain p-6"
        />
      </div>
    );
  }
  const count = photos.length;
  return (
    <div>
      <div
        role="region"
        aria-label={`Photos of the ${name}`}
        tabIndex={0}
        className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-[var(--radius-card)] bg-ink-100 ring-1 ring-ink-200/70"
      >
        {photos.map((photo, index) => (
          <figure key={photo.hash} id={`photo-${index + 1}`} className="w-full shrink-0 snap-center scroll-mt-24">
            <UnitPicture photo={photo} alt={`${name}, photo ${index + 1} of ${count}`} first={index === 0} />
          </figure>
        ))}
      </div>
      {count > 1 ? (
        <ol className="mt-3 flex gap-2 overflow-x-auto pb-1" aria-label="Choose a photo">
          {photos.map((photo, index) => (
            <li key={photo.hash} className="shrink-0">
              <a href={`#photo-${index + 1}`} className="block overflow-hidden rounded-lg ring-1 ring-ink-200 hover:ring-2 hover:ring-brand-600">
                <img
                  src={photo.sources.webp[0]!.url}
                  alt={`Photo ${index + 1} of ${count}`}
                  width={96}
                  height={64}
                  loading="lazy"
                  decoding="async"
                  className="h-16 w-24 object-cover"
                />
              </a>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
