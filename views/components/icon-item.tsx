import type { ReactNode } from 'react';
import type { IconName } from '../../seeds/icon-paths';
import { IconBadge } from './feature-card';

/** A list item led by an icon in a tinted square: one way to reach us, one reason to rent. */
export function IconItem({ icon, title, children }: { icon: IconName; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <IconBadge icon={icon} size="md" />
      <div>
        <h3 className="font-semibold text-ink-900">{title}</h3>
        {children}
      </div>
    </li>
  );
}
