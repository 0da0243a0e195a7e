// The inbox's search over name, e-mail and phone (issue 23). Each inquiry stores a handful of
// lower-cased keys (`lead.searchKeys`, one multikey index); a typed search becomes one prefix of
// those keys, which the index answers as a key range (an anchored regex without flags), so a
// search never reads every inquiry. Shared plain code: the server stores and queries with it.

/** The keys an inquiry is found by: names, "first last", the e-mail and its local part, the phone's digits. */
export function leadSearchKeys(contact: { firstName: string; lastName: string; email: string; phone: string }): string[] {
  const first = normalizeText(contact.firstName);
  const last = normalizeText(contact.lastName);
  const email = normalizeText(contact.email);
  const keys = [first, last, `${first} ${last}`.trim(), email, email.split('@')[0] ?? '', ...phoneKeys(contact.phone)];
  return [...new Set(keys.filter((key) => key.length > 0))];
}

/** The phone's digits, and its last 10 (without a country code), 7 (without the area code) and 4. */
function phoneKeys(phone: string): string[] {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 0) return [];
  return [digits, ...[10, 7, 4].filter((length) => digits.length > length).map((length) => digits.slice(-length))];
}

/** The key an inquiry's phone is matched by for related inquiries: its last 10 digits (or all it has). */
export function phoneMatchKey(phone: string): string | undefined {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 0 ? undefined : digits.slice(-10);
}

/** The key an inquiry's e-mail is matched by for related inquiries. */
export function emailMatchKey(email: string): string | undefined {
  return normalizeText(email) || undefined;
}

/** Lower case, trimmed, inner white space one space: how keys are stored and searches typed. */
function normalizeText(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** How long a search may be, as a key is (an e-mail address). */
export const LEAD_SEARCH_MAX_LENGTH = 254;

/**
 * What a typed search looks for: the prefix of a stored key. A search of digits and phone
 * punctuation ("(609) 555-01", "+1 609…") looks for the phone's digits (a leading country code
 * dropped when 11 digits are typed); anything else for a name or an e-mail as typed. Null for a
 * search with nothing to look for.
 */
export function leadSearchPrefix(typed: string): string | null {
  const text = normalizeText(typed).slice(0, LEAD_SEARCH_MAX_LENGTH);
  if (text.length === 0) return null;
  if (/^[\d\s()+.-]+$/.test(text) && /\d/.test(text)) {
    const digits = text.replace(/\D/g, '');
    return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  }
  return text;
}

/** An anchored regex source for a prefix: every character literal, so the index reads one key range. */
export function prefixPattern(prefix: string): string {
  return `^${prefix.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')}`;
}
