import type { AnchorHTMLAttributes, MouseEventHandler, ReactNode } from 'react';
import { Link } from 'react-router';

export interface SiteLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An address of this site from its root: `/inventory?brand=denago`, never relative, never another origin. */
  to: string;
  /** History state for the page it opens (client-side navigation). */
  state?: unknown;
  /** A page outside this app's routes loads as a whole document. */
  reloadDocument?: boolean;
  onClick?: MouseEventHandler<HTMLAnchorElement>;
  children?: ReactNode;
}

/**
 * What React Router's `<Link>` renders for an address from the site's root (the site has no
 * basename): the same `<a>`, attribute for attribute, without resolving the address against the
 * matched routes for every link, which is a quarter of an inventory page's render on the server
 * (88 links a page). The server renders no event handlers, so the state, reloadDocument and onClick
 * that the browser's `<Link>` acts on change nothing here.
 */
export function ServerSiteLink({ to, state: _state, reloadDocument: _reloadDocument, onClick: _onClick, ...rest }: SiteLinkProps) {
  return <a {...rest} href={to} data-discover="true" />;
}

/**
 * A link to a page of this site. In the browser it is React Router's `<Link>` (client-side
 * navigation, state, reloadDocument); on the server, the same markup written directly. Vite's
 * builds say which they are (the browser's leaves ServerSiteLink out); code run outside them (the
 * operator commands and scripts, through tsx) runs on the server.
 */
export const SiteLink: (props: SiteLinkProps) => ReactNode = typeof import.meta.env === 'undefined' || import.meta.env.SSR ? ServerSiteLink : Link;
