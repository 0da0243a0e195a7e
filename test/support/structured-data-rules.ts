/**
 * The rules the site's structured data keeps (docs/decisions/013-structured-data-offers.md), as a
 * test oracle: Google's product results read any node typed Product or one of its schema.org
 * subtypes, and count one without offers, review or aggregateRating as an error; a Product's Offer
 * needs its price and currency, and this site always states its availability. Offers of a service
 * (the rental plans) are no product result and are not held to these.
 */

/** schema.org's Product and its subtypes: every one of them is a Product to Google. */
const PRODUCT_TYPES = new Set([
  'Product',
  'ProductModel',
  'IndividualProduct',
  'SomeProducts',
  'ProductGroup',
  'Vehicle',
  'Car',
  'Motorcycle',
  'MotorizedBicycle',
  'BusOrCoach',
]);

/** The availabilities the site states: a unit for sale, held for a buyer, sold; a model in stock or not. */
export const STATED_AVAILABILITY = new Set(['InStock', 'LimitedAvailability', 'SoldOut', 'OutOfStock'].map((value) => `https://schema.org/${value}`));

type Node = Record<string, unknown>;

const typesOf = (node: Node): string[] => {
  const type = node['@type'];
  return Array.isArray(type) ? type.map(String) : type === undefined ? [] : [String(type)];
};

function offerProblems(offer: unknown, where: string): string[] {
  if (typeof offer !== 'object' || offer === null || Array.isArray(offer)) return [`${where}: offers is not one Offer`];
  const node = offer as Node;
  const problems: string[] = [];
  if (!typesOf(node).includes('Offer')) problems.push(`${where}: offers is a ${typesOf(node).join('/') || 'node without @type'}, not an Offer`);
  if (typeof node.price !== 'number' || node.price < 0) problems.push(`${where}: the Offer states no price`);
  if (node.priceCurrency !== 'USD') problems.push(`${where}: the Offer states no priceCurrency USD`);
  if (!STATED_AVAILABILITY.has(String(node.availability))) problems.push(`${where}: the Offer's availability is ${String(node.availability)}`);
  if (typeof node.url !== 'string' || !node.url.startsWith('http')) problems.push(`${where}: the Offer has no absolute url`);
  return problems;
}

/** Every way a JSON-LD tree breaks the rules, with where; none for a tree that keeps them. */
export function structuredDataProblems(value: unknown, where = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => structuredDataProblems(item, `${where}[${index}]`));
  if (typeof value !== 'object' || value === null) return [];
  const node = value as Node;
  const types = typesOf(node);
  const here = `${where}${types.length > 0 ? `<${types.join('/')}>` : ''}`;
  const problems: string[] = [];
  if (types.some((type) => PRODUCT_TYPES.has(type))) {
    if (typeof node.name !== 'string' || node.name === '') problems.push(`${here}: a Product without a name`);
    if (node.offers === undefined) problems.push(`${here}: a Product without offers (and the site states no review or rating)`);
    else problems.push(...offerProblems(node.offers, `${here}.offers`));
  }
  for (const [key, item] of Object.entries(node)) {
    // An Offer's itemOffered and a list's elements are walked like any other node: a Product is a Product wherever it sits.
    if (key !== 'offers') problems.push(...structuredDataProblems(item, `${here}.${key}`));
  }
  return problems;
}
