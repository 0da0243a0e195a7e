/**
 * What a spreadsheet would take for a formula: a cell whose first character (after any spaces) is
 * =, +, - or @, or a tab or carriage return before one. Excel, LibreOffice and Google Sheets run it
 * when a CSV is opened (=HYPERLINK to a phishing page, =WEBSERVICE sending other cells away, DDE
 * starting a program).
 */
const FORMULA_START = /^[\s]*[=+\-@\t\r]/;

/**
 * One field of a CSV file the site writes (an export a person will open in a spreadsheet): text
 * that would start a formula is kept as text, with an apostrophe before it that spreadsheets hide
 * (OWASP's advice for CSV injection), and every text field is quoted as RFC 4180 says, its quotes
 * doubled. Numbers are written as numbers; null and undefined as an empty field. The text a feed or
 * a visitor gave is stored as typed; this is where it is made safe, once for every export.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${text.replaceAll('"', '""')}"`;
}
