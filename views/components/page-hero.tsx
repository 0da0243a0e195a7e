import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { pageBackground } from './page-background';

interface PageHeroProps {
  eyebrow?: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  /** Content beside the text on wide screens, such as an illustration. */
  aside?: ReactNode;
  /** Shows the aside above the text on narrow screens, e.g. a product's picture before its name. */
  asideFirst?: boolean;
}

/** The top band of a page: its one h1, a short pitch and the main calls to action. */
export function PageHero({ eyebrow, title, children, actions, aside, asideFirst = false }: PageHeroProps) {
  const { pathname } = useLocation();
  return (
    <div className={`${pageBackground(pathname)} text-white`}>
      <div className={`mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 sm:py-20 ${aside ? 'lg:grid-cols-[1.1fr_1fr] lg:items-center' : ''}`}>
        {/* An aside shown first on narrow screens comes first in the document too: placed above the
            text only by CSS, it would push the text down when it arrived after a first paint of a
            partly received page (a layout shift on a slow phone). */}
        {aside && asideFirst ? <div className="lg:order-last">{aside}</div> : null}
        <div className="max-w-2xl">
          {eyebrow ? <div className="mb-4 text-sm font-semibold uppercase tracking-wider text-sun-300">{eyebrow}</div> : null}
          <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">{title}</h1>
          {children ? <div className="mt-5 text-lg text-brand-100">{children}</div> : null}
          {/* One button a row on phones, full width: a button whose label arrives after a first
              paint then grows in place instead of wrapping onto the next row (a layout shift). */}
          {actions ? <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">{actions}</div> : null}
        </div>
        {aside && !asideFirst ? <div>{aside}</div> : null}
      </div>
    </div>
  );
}
