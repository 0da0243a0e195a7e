import { renderToString } from 'react-dom/server';
import { MemoryRouter, NavLink, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ServerNavLink } from './site-navigation';
import { navigation } from './navigation';

type NavLinkLike = typeof ServerNavLink;

/** The whole header navigation, each link as `link` renders it, at a location two routes deep. */
function rendered(link: NavLinkLike, location: string): string {
  const Link = link;
  const links = (
    <ul>
      {navigation.map((item) => (
        <li key={item.to}>
          <Link to={item.to} end={item.to === '/'} onClick={() => undefined} className={({ isActive }) => (isActive ? 'current' : 'other')}>
            {item.label}
          </Link>
        </li>
      ))}
    </ul>
  );
  return renderToString(
    <MemoryRouter initialEntries={[location]}>
      <Routes>
        <Route path="*" element={links} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('ServerNavLink', () => {
  it.each([
    '/',
    '/inventory',
    '/inventory?brand=denago',
    '/Inventory/',
    '/inventory/used',
    '/inventory-old',
    '/about/team',
    '/contact#form',
    '/no-such-page',
    '/Rentals',
  ])('writes what React Router’s NavLink writes at %s, the current page marked', (location) => {
    const direct = rendered(ServerNavLink, location);
    expect(direct).toBe(rendered(NavLink as NavLinkLike, location));
    const path = location.split(/[?#]/)[0]!.toLowerCase();
    const current = navigation.filter((item) => (item.to === '/' ? path === '/' : path === item.to || path.startsWith(`${item.to}/`)));
    expect(direct.match(/aria-current="page"/g) ?? []).toHaveLength(current.length);
  });
});
