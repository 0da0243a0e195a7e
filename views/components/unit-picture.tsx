import type { UnitPhoto } from '../../src/catalog/unit-fields';

/** The sizes of a photo in the unit page's gallery: half the 72rem page from 1024 px, the whole screen below. */
export const GALLERY_SIZES = '(min-width: 1024px) 34rem, calc(100vw - 2rem)';

/** "/photos/<hash>/480.avif 480w, /photos/<hash>/960.avif 960w, …". */
export const srcSetOf = (files: UnitPhoto['sources']['avif']) => files.map((file) => `${file.url} ${file.width}w`).join(', ');

interface UnitPictureProps {
  photo: UnitPhoto;
  alt: string;
  /** The page's first photo: its largest picture, loaded at once and first; the others wait until they are near. */
  first: boolean;
}

/**
 * One processed photo: AVIF where the browser decodes it, else WebP, else JPEG, each at the width
 * the layout needs. Width and height keep its place before it loads; its blurred thumbnail and
 * dominant color show meanwhile.
 */
export function UnitPicture({ photo, alt, first }: UnitPictureProps) {
  const { avif, webp, jpeg } = photo.sources;
  return (
    <picture>
      <source type="image/avif" srcSet={srcSetOf(avif)} sizes={GALLERY_SIZES} />
      <source type="image/webp" srcSet={srcSetOf(webp)} sizes={GALLERY_SIZES} />
      <img
        src={(jpeg[1] ?? jpeg[0]!).url}
        srcSet={srcSetOf(jpeg)}
        sizes={GALLERY_SIZES}
        width={photo.width}
        height={photo.height}
        alt={alt}
        loading={first ? 'eager' : 'lazy'}
        fetchPriority={first ? 'high' : undefined}
        decoding={first ? 'sync' : 'async'}
        style={{ backgroundColor: photo.color, backgroundImage: `url(${photo.placeholder})` }}
        className="aspect-[3/2] h-auto w-full bg-cover object-cover"
      />
    </picture>
  );
}
