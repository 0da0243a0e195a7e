import { renderToString } from 'react-dom/server';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ServerSiteLink, SiteLink, type SiteLinkProps } from './site-link';

/** Both links rendered on the server inside a page two routes deep, as the site's pages are. */
function rendered(link: (props: SiteLinkProps) => React.ReactNode, props: SiteLinkProps): string {
  const Rendered = link;
  return renderToString(
    <MemoryRouter initialEntries={['/inventory/used?brand=denago']}>
      <Routes>
        <Route path="/inventory">
          <Route path="used" element={<Rendered {...props} />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

describe('SiteLink on the server', () => {
  it('is the direct rendering on the server', () => {
    expect(import.meta.env.SSR).toBe(true);
    expect(SiteLink).toBe(ServerSiteLink);
  });

  it.each<SiteLinkProps>([
    { to: '/', children: 'Home', className: 'flex items-center', 'aria-label': 'Shore Golf Carts, home' },
    { to: '/inventory?brand=denago&price=under-15000&page=2', children: 'Next', state: { scroll: 'keep' }, className: 'button' },
    { to: '/inventory?search=nomad%20xl', children: 'Search', 'aria-current': 'page' },
    { to: '/vehicle/3f5ca9a5-d4b5-4bfd-8632-ee4639ef997b', children: <span>DENAGO EV Nomad XL</span>, className: "after:absolute after:content-['']" },
    { to: '/vehicles/denago-ev-nomad-xl#specifications', children: 'Specifications' },
    { to: '/financing', reloadDocument: true, children: 'Financing', onClick: () => undefined },
  ])('writes what React Router’s Link writes for $to', (props) => {
    const direct = rendered(ServerSiteLink, props);
    expect(direct).toContain(`href="${props.to.replaceAll('&', '&amp;')}"`);
    expect(direct).toBe(rendered(Link as (props: SiteLinkProps) => React.ReactNode, props));
  });
});
