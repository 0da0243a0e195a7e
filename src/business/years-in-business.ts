/** "16+": whole years since the founding year, in the dealer's calendar year, as the site's claims print them. */
export function yearsInBusiness(foundedYear: number, year: number): string {
  return `${year - foundedYear}+`;
}
