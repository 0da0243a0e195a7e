/**
 * The models that have a fixed page under /vehicles/{slug}. A small list of its own so that
 * links can be written in canonical form without shipping the pages' content to every page.
 */
export const modelPageSlugs: ReadonlySet<string> = new Set([
  'denago-ev-city',
  'denago-ev-nomad',
  'denago-ev-nomad-xl',
  'denago-ev-rover-xl',
  'denago-ev-rover-xl6',
  'denago-ev-rover-xxl',
  'evolution-carrier-6-plus',
  'evolution-carrier-8-plus',
  'evolution-classic-2-plus',
  'evolution-classic-2-pro',
  'evolution-classic-4-plus',
  'evolution-d5-maverick-4',
  'evolution-d5-maverick-4-plus',
  'evolution-d5-maverick-6',
  'evolution-d5-maverick-6-plus',
  'evolution-d5-ranger-22-plus',
  'evolution-d5-ranger-6-plus',
  'evolution-d6-max-gt4',
  'evolution-d6-max-gt6',
  'evolution-d6-max-xt4',
  'evolution-d6-max-xt6',
  'evolution-forester-4-plus',
  'evolution-turfman-1000',
]);
