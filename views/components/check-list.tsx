import { Icon } from './icon';

const ITEM = { sm: 'flex gap-2', md: 'flex gap-3' } as const;
const CHECK = { sm: 'mt-0.5 size-4 shrink-0 text-success-700', md: 'mt-0.5 size-5 shrink-0 text-success-700' } as const;

interface CheckListProps {
  items: readonly string[];
  /** The list's layout, spacing and text color: "mt-5 space-y-3 text-ink-700". */
  className: string;
  /** `sm` for small print (a card's fine print), `md` for body text. */
  size?: keyof typeof ITEM;
}

/** A list whose every item starts with a green check: features, what a plan or service includes. */
export function CheckList({ items, className, size = 'md' }: CheckListProps) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className={ITEM[size]}>
          <Icon name="check" className={CHECK[size]} />
          {item}
        </li>
      ))}
    </ul>
  );
}
