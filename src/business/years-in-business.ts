/** "16+": whole years since the founding year, as the site's claims print them. */
export function yearsInBusiness(foundedYear: number, today: Date = new Date()): string {
  return `${today.getFullYear() - foundedYear}+`;
}
