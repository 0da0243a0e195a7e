import { SiteLink } from './site-link';
import { carriedBrands } from '../../seeds/brands';

/** The brands the dealer carries; the two house brands link to their own pages. */
export function BrandGrid() {
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
      {carriedBrands.map((brand) => (
        <li key={brand.name}>
          {brand.path ? (
            <SiteLink
              to={brand.path}
              className="flex h-20 items-center justify-center rounded-2xl bg-white text-lg font-extrabold uppercase tracking-wide text-brand-800 ring-2 ring-brand-200 hover:ring-brand-500"
            >
              {brand.name}
            </SiteLink>
          ) : (
            <span className="flex h-20 items-center justify-center rounded-2xl bg-white text-lg font-extrabold uppercase tracking-wide text-ink-600 ring-1 ring-ink-200">
              {brand.name}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
