import { SiteLink } from './site-link';
import type { BreadcrumbItem } from '../../src/head/breadcrumb-json-ld';
import { Icon } from './icon';

/**
 * Where the page sits in the site, from Home to the page itself: links for the ancestors, the
 * last item marked as the current page. Structured data for the same trail: breadcrumbJsonLd.
 */
export function Breadcrumb({ items }: { items: readonly BreadcrumbItem[] }) {
  return (
    <nav aria-label="Breadcrumb" className="border-b border-ink-200 bg-white">
      <ol className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-1.5 gap-y-1 px-4 py-3 text-sm sm:px-6">
        {items.map((item, index) => {
          const current = index === items.length - 1;
          return (
            <li key={item.path} className="flex min-h-5 items-center gap-1.5">
              {index > 0 ? <Icon name="chevronRight" className="size-3.5 text-ink-400" /> : null}
              {current ? (
                <span aria-current="page" className="font-semibold text-ink-800">
                  {item.label}
                </span>
              ) : (
                <SiteLink to={item.path} className="rounded text-brand-700 underline-offset-2 hover:underline">
                  {item.label}
                </SiteLink>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
