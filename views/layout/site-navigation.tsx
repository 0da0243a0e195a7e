import type { MouseEventHandler, ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { navigation } from './navigation';

interface SiteNavLinkProps {
  /** An address of this site from its root, without a query: `/inventory`. */
  to: string;
  /** Current only on exactly this address, not below it. */
  end?: boolean;
  onClick?: MouseEventHandler<HTMLAnchorElement>;
  className: (state: { isActive: boolean }) => string;
  children: ReactNode;
}

/** Whether NavLink marks a link to `to` current at `pathname`: the same address, or unless `end` one below it, regardless of case. */
function isCurrentAddress(pathname: string, to: string, end: boolean): boolean {
  const path = pathname.toLowerCase();
  const target = to.toLowerCase();
  return path === target || (!end && path.startsWith(target) && path.charAt(target !== '/' && target.endsWith('/') ? target.length - 1 : target.length) === '/');
}

/**
 * The navigation's item current at `pathname` (SiteNavigation marks it), or null. The items' first
 * segments differ, so at most one is. The server's kept header is the same for every page of one
 * (site-header.tsx).
 */
export function currentNavigationItem(pathname: string): string | null {
  return navigation.find((item) => isCurrentAddress(pathname, item.to, item.to === '/'))?.to ?? null;
}

/**
 * What React Router's `<NavLink>` renders for an address from the site's root, on the server: the
 * same `<a>`, attribute for attribute, current ("page") when the address is the location's or, unless
 * `end`, one of its ancestors, compared without regard to case as NavLink compares them. NavLink
 * resolves its address against the matched routes and reads the router's state for each link: 14
 * links in every page's header cost a quarter of a search page's render. The server renders no event
 * handlers and no pending navigation, so onClick and NavLink's pending state change nothing here.
 */
export function ServerNavLink({ to, end = false, onClick: _onClick, className, children }: SiteNavLinkProps) {
  const isActive = isCurrentAddress(useLocation().pathname, to, end);
  return (
    <a aria-current={isActive ? 'page' : undefined} className={className({ isActive })} href={to} data-discover="true">
      {children}
    </a>
  );
}

/** React Router's NavLink in the browser; ServerNavLink on the server (Vite's browser build leaves it out, as SiteLink's). */
const SiteNavLink: (props: SiteNavLinkProps) => ReactNode = typeof import.meta.env === 'undefined' || import.meta.env.SSR ? ServerNavLink : NavLink;

interface SiteNavigationProps {
  /** The landmark's name: "Main" in the header, "Mobile" in the phone menu. */
  label: string;
  className?: string;
  listClassName: string;
  /** A link's classes, current page or not. */
  linkClassName: (current: boolean) => string;
  /** Told when a link is chosen (the phone menu closes). */
  onChoose?: () => void;
}

/** The site's pages as a navigation landmark; Home is current only on exactly "/", the others by prefix. */
export function SiteNavigation({ label, className, listClassName, linkClassName, onChoose }: SiteNavigationProps) {
  return (
    <nav aria-label={label} className={className}>
      <ul className={listClassName}>
        {navigation.map((item) => (
          <li key={item.to}>
            <SiteNavLink to={item.to} end={item.to === '/'} onClick={onChoose} className={({ isActive }) => linkClassName(isActive)}>
              {item.label}
            </SiteNavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
