import type { Promotion } from '../../src/config/business-file';
import { promotionShowsOn, type PromotionPlace } from '../../src/config/promotion-places';
import { formatCalendarDate } from '../../src/text/format-calendar-date';
import { Icon } from './icon';

/**
 * The dealer's offers running today (the business file's and staff's, by their dates) that show on
 * this kind of page, as a band under the page's hero.
 */
export function PromotionBand({ promotions: running, place }: { promotions: readonly Promotion[]; place: PromotionPlace }) {
  const promotions = running.filter((promotion) => promotionShowsOn(promotion, place));
  if (promotions.length === 0) return null;
  return (
    <section aria-label="Current offers" className="bg-sun-100">
      <ul className="mx-auto max-w-6xl space-y-2 px-4 py-5 sm:px-6">
        {promotions.map((promotion) => (
          <li key={promotion.id} className="flex gap-3 text-ink-900">
            <Icon name="sparkles" className="mt-1 size-5 shrink-0 text-brand-700" />
            <p>
              <strong className="font-bold">{promotion.title}.</strong> {promotion.text}{' '}
              <span className="text-ink-700">Offer ends {formatCalendarDate(promotion.end, 'long')}.</span>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
