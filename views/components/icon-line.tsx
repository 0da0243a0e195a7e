import type { ReactNode } from 'react';
import type { IconName } from '../../seeds/icon-paths';
import { Icon } from './icon';

interface IconLineProps {
  icon: IconName;
  as?: 'p' | 'li' | 'div' | 'address';
  /** Its place, size and alignment: 'mt-2 text-sm text-ink-700'. */
  className?: string;
  children: ReactNode;
}

/** A line of contact detail led by a small icon: an address, a phone number, the opening hours. */
export function IconLine({ icon, as: Tag = 'p', className = '', children }: IconLineProps) {
  return (
    <Tag className={`flex gap-2 ${className}`}>
      <Icon name={icon} className="mt-0.5 size-4 shrink-0 text-brand-600" />
      {children}
    </Tag>
  );
}
