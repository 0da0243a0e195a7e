const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

// Characters XML 1.0 does not allow at all, not even escaped: controls other than tab, LF and CR,
// lone surrogates and the two non-characters U+FFFE and U+FFFF.
const NOT_ALLOWED_IN_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Makes text safe inside HTML or XML, in element content and in quoted attributes alike: the five
 * markup characters become entities and characters XML cannot carry are dropped.
 */
export function escapeMarkup(text: string): string {
  return text.replace(NOT_ALLOWED_IN_XML, '').replace(/[&<>"']/g, (character) => ENTITIES[character]!);
}
