import type { ReactNode } from 'react';
import type { IconName } from '../../seeds/icon-paths';
import { Icon } from './icon';

/** A list item led by an icon in a tinted square: one way to reach us, one reason to rent. */
export function IconItem({ icon, title, children }: { icon: IconName; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
        <Icon name={icon} className="size-5" />
      </span>
      <div>
        <h3 className="font-semibold text-ink-900">{title}</h3>
        {children}
      </div>
    </li>
  );
}
