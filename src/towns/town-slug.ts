/**
 * The kebab-case form of a town name or type, as used in town paths:
 * 'Toms River' → 'toms-river', "St. Mary's" → 'st-marys', 'Cape May–Lewes' → 'cape-may-lewes'.
 */
export function townSlug(text: string): string {
  return (
    text
      .normalize('NFKD')
      // Accents go, and apostrophes and periods vanish rather than split a word ("Mary's" is one word).
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/['’‘.]/g, '')
      .replace(/&/g, ' and ')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
  );
}
