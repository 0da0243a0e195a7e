import type { IconName } from '../../seeds/icon-paths';
import { Icon } from './icon';

const SIZES = {
  md: { box: 'size-10', icon: 'size-5' },
  lg: { box: 'size-12', icon: 'size-6' },
} as const;

/** An icon in the design system's tinted square: what leads a feature, a value or a service. */
export function IconBadge({ icon, size = 'lg' }: { icon: IconName; size?: keyof typeof SIZES }) {
  return (
    <span className={`flex ${SIZES[size].box} shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700`}>
      <Icon name={icon} className={SIZES[size].icon} />
    </span>
  );
}
