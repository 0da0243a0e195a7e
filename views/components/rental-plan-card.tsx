import type { RentalPlan } from '../../seeds/rental-plans';
import { formatPrice } from '../../src/catalog/format-price';
import { Badge } from './badge';
import { ButtonLink } from './button-link';
import { CheckList } from './check-list';

interface RentalPlanCardProps {
  plan: RentalPlan;
  /** The vehicle type the plan rents, for the button's accessible name: '4 Seater Golf Carts'. */
  groupTitle: string;
  /** The prefilled contact link the RESERVE TODAY button leads to. */
  reserveHref: string;
}

/** One rental plan: its price for the whole period, what it includes, and a way to reserve it. */
export function RentalPlanCard({ plan, groupTitle, reserveHref }: RentalPlanCardProps) {
  const recommended = plan.badge === 'RECOMMENDED';
  return (
    <article
      className={`relative flex h-full flex-col rounded-[var(--radius-card)] bg-white p-6 ${
        recommended ? 'shadow-lg ring-2 ring-brand-600 lg:-my-2 lg:py-8' : 'shadow-[var(--shadow-card)] ring-1 ring-ink-200/70'
      }`}
    >
      {recommended ? (
        <Badge tone="new" className="absolute -top-3 left-1/2 -translate-x-1/2 shadow-sm">
          {plan.badge}
        </Badge>
      ) : null}
      <h3 className="text-lg font-bold text-ink-900">{plan.title}</h3>
      <p className="mt-3 flex items-baseline gap-1.5">
        <span className="text-4xl font-extrabold tracking-tight text-brand-800">{formatPrice(plan.price)}</span>
        <span className="text-sm font-medium text-ink-600">/ {plan.duration}</span>
      </p>
      {/* The row stays on wide screens without a saving, so cards side by side line up. */}
      <p className={`mt-2 min-h-7 ${plan.savingsLabel ? '' : 'hidden sm:block'}`}>{plan.savingsLabel ? <Badge tone="success">{plan.savingsLabel}</Badge> : null}</p>
      <p className="mt-3 text-sm text-ink-600">{plan.description}</p>
      <CheckList items={[plan.renewal, plan.delivery]} size="sm" className="mt-4 space-y-2 text-sm text-ink-700" />
      <div className="mt-auto pt-6">
        <ButtonLink to={reserveHref} variant={recommended ? 'call' : 'primary'} className="w-full" aria-label={`Reserve today: ${plan.title}, ${groupTitle}`}>
          RESERVE TODAY
        </ButtonLink>
      </div>
    </article>
  );
}
