/** The pages a promotion can show on: the home page, every showroom page, every town page. */
export const PROMOTION_PLACES = ['home', 'showrooms', 'towns'] as const;
export type PromotionPlace = (typeof PROMOTION_PLACES)[number];

export const PROMOTION_PLACE_LABELS: Record<PromotionPlace, string> = {
  home: 'Home page',
  showrooms: 'Showroom pages',
  towns: 'Town pages',
};

/** Whether a promotion shows on a kind of page: on all three when it names none. */
export function promotionShowsOn(promotion: { places?: readonly PromotionPlace[] }, place: PromotionPlace): boolean {
  return !promotion.places || promotion.places.includes(place);
}
