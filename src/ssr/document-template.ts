/** What a page's render puts into the document template, each at its `<!--app-…-->` comment. */
export interface DocumentParts {
  head: string;
  banner?: string;
  html: string;
  data: string;
}

const SLOT = /<!--app-(head|banner|html|data)-->/g;

/**
 * The template with each slot filled, in one pass over the template: a page's HTML is inserted
 * once, not scanned and copied again by the slots after it, and nothing in what is inserted is
 * ever taken for a slot.
 */
export function fillTemplate(template: string, parts: DocumentParts): string {
  return template.replace(SLOT, (_, slot: keyof DocumentParts) => parts[slot] ?? '');
}
