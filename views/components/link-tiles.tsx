import { SiteLink } from './site-link';
import { Icon } from './icon';

export interface LinkTile {
  path: string;
  label: string;
  /** A page outside this app's routes (the financing partner's redirect) loads as a whole document. */
  reloadDocument?: boolean;
}

/** A grid of white tiles, each a whole link with an arrow: the towns we serve, where to go next. */
export function LinkTiles({ links, roomy = false, className }: { links: LinkTile[]; roomy?: boolean; className: string }) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.path}>
          <SiteLink
            to={link.path}
            reloadDocument={link.reloadDocument}
            className={`flex h-full items-center justify-between gap-3 bg-white font-semibold text-brand-700 ring-1 ring-ink-200 hover:bg-brand-50 ${roomy ? 'rounded-2xl p-5' : 'rounded-xl px-4 py-3'}`}
          >
            {link.label}
            <Icon name="arrowRight" className="size-4 shrink-0" />
          </SiteLink>
        </li>
      ))}
    </ul>
  );
}
