import type { Showroom } from '../config/business-profile';
import { listOf } from '../text/list-of';

const WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** 5 → "five"; numbers past ten stay digits, as style guides have it. */
export function countInWords(count: number): string {
  return WORDS[count] ?? String(count);
}

/**
 * Where the showrooms are, from their own counties: "five showrooms in Ocean, Atlantic and
 * Cape May counties", "one showroom in Ocean County". Lower case, to start a sentence with
 * capitalize().
 */
export function showroomSummary(showrooms: readonly Pick<Showroom, 'county'>[]): string {
  const counties = [...new Set(showrooms.map((showroom) => showroom.county))];
  const where = counties.length === 1 ? `${counties[0]} County` : `${listOf(counties)} counties`;
  return `${countInWords(showrooms.length)} showroom${showrooms.length === 1 ? '' : 's'} in ${where}`;
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
