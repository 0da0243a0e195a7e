import type { ReactNode } from 'react';
import type { IconName } from '../../seeds/icon-paths';
import { Icon } from './icon';

interface FactTileProps {
  label: string;
  icon?: IconName;
  /** Spans the whole row of the facts grid (an address). */
  wide?: boolean;
  children: ReactNode;
}

/** One fact of a vehicle in a `<dl>` grid of tiles: its label above, its value in bold. */
export function FactTile({ label, icon, wide = false, children }: FactTileProps) {
  return (
    <div className={`rounded-xl bg-white p-4 ring-1 ring-ink-200 ${wide ? 'col-span-2 sm:col-span-3' : ''}`}>
      <dt className="flex items-center gap-1.5 text-sm font-medium text-ink-600">
        {icon ? <Icon name={icon} className="size-4 text-brand-600" /> : null}
        {label}
      </dt>
      <dd className="mt-1 break-words font-bold text-ink-900">{children}</dd>
    </div>
  );
}
