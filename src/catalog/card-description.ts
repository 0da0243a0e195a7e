import { shortenText } from '../text/shorten-text';

/** About three lines of a card's text at its narrowest. */
const CARD_DESCRIPTION_LIMIT = 140;

/**
 * A vehicle's description as a card shows it: whole sentences within about three lines (or its
 * first sentence's words and an ellipsis). Already within them, it is returned as it is, so the
 * server can cut a listing's descriptions before they travel and the card cut them again for free.
 */
export function cardDescription(description: string): string {
  return shortenText(description, CARD_DESCRIPTION_LIMIT);
}
