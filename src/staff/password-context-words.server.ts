import { carriedBrands } from '../../seeds/brands';
import type { BusinessFile, ShowroomFacts } from '../config/business-file';

// Words a password must not be made of (ASVS 6.2.11): the business's own names, the site's
// vocabulary and the person's own name and e-mail. A password is compared by its lower-case
// letters alone, so "ShoreGolfCarts2026!" and "shore-golf-carts" both read "shoregolfcarts".
// docs/security.md lists these words.

/** Words of the site's trade and the staff area, refused for every account. */
export const FIXED_CONTEXT_WORDS = ['shore', 'golf', 'cart', 'carts', 'golfcart', 'staff', 'owner', 'manager', 'sales', 'admin', 'password'] as const;

/** The facts the words come from; the business file and the BusinessProfile both have them. */
export interface PasswordContext {
  business: Pick<BusinessFile, 'name' | 'website'> & { showrooms: readonly Pick<ShowroomFacts, 'name' | 'city'>[] };
  /** The staff member choosing the password. */
  person: { email: string; name: string };
}

/** The letters of a text as a password is compared: lower case, everything but a–z removed. */
export function contextLetters(text: string): string {
  return text.toLowerCase().replace(/[^a-z]/g, '');
}

/** A name and each of its words: "Shore Golf Carts" gives "shoregolfcarts", "shore", "golf", "carts". */
function nameAndWords(name: string): string[] {
  return [name, ...name.split(/[^A-Za-z]+/)];
}

/** Every context word for this person, as contextLetters gives them; never the empty word. */
export function passwordContextWords({ business, person }: PasswordContext): ReadonlySet<string> {
  const { hostname } = new URL(business.website);
  const localPart = person.email.slice(0, Math.max(0, person.email.lastIndexOf('@')));
  const texts = [
    ...nameAndWords(business.name),
    // www.example.com: "wwwexamplecom", "examplecom", "www", "example", "com".
    hostname,
    hostname.replace(/^www\./, ''),
    ...hostname.split('.'),
    ...business.showrooms.flatMap((showroom) => [showroom.name, showroom.city]),
    ...carriedBrands.map((brand) => brand.name),
    ...FIXED_CONTEXT_WORDS,
    person.email,
    localPart,
    // The person's name and its words, so that neither "janedoe" nor "jane" passes for Jane Doe.
    ...nameAndWords(person.name),
  ];
  const words = new Set(texts.map(contextLetters));
  words.delete('');
  return words;
}
