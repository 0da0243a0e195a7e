/** One record of a CSV file, numbered as a spreadsheet numbers its rows (the first line is row 1). */
export interface CsvRecord {
  row: number;
  fields: string[];
}

export interface CsvParseResult {
  records: CsvRecord[];
  /** Syntax problems, one line each, naming the row: 'row 7: a quoted field is not closed'. */
  problems: string[];
}

const FIELD_END = /[,\r\n]/g;

/**
 * Reads CSV as RFC 4180 writes it, and as spreadsheets and dealer systems export it: fields
 * separated by commas, records by CRLF or LF, a field in double quotes may hold commas, line
 * breaks and doubled quotes (""), a leading byte order mark is dropped. Blank lines count as rows
 * (a spreadsheet shows them) but give no record. A stray quote inside an unquoted field is kept as
 * text, as spreadsheets do.
 */
export function parseCsv(text: string): CsvParseResult {
  const records: CsvRecord[] = [];
  const problems: string[] = [];
  const length = text.length;
  let position = text.startsWith('\uFEFF') ? 1 : 0;
  let row = 1;
  let fields: string[] = [];
  let anyQuoted = false;

  const endRecord = () => {
    const blank = fields.length === 1 && fields[0] === '' && !anyQuoted;
    if (!blank) records.push({ row, fields });
    fields = [];
    anyQuoted = false;
    row += 1;
  };

  while (position < length) {
    let field: string;
    if (text[position] === '"') {
      anyQuoted = true;
      field = '';
      let cursor = position + 1;
      for (;;) {
        const quote = text.indexOf('"', cursor);
        if (quote === -1) {
          problems.push(`row ${row}: a quoted field is not closed (a " is missing)`);
          return { records, problems };
        }
        field += text.slice(cursor, quote);
        if (text[quote + 1] === '"') {
          field += '"';
          cursor = quote + 2;
        } else {
          cursor = quote + 1;
          break;
        }
      }
      position = cursor;
      if (position < length && !/[,\r\n]/.test(text[position]!)) {
        problems.push(`row ${row}: text after the closing quote of field ${fields.length + 1} (a quote inside a quoted field is written "")`);
        FIELD_END.lastIndex = position;
        const end = FIELD_END.exec(text)?.index ?? length;
        field += text.slice(position, end);
        position = end;
      }
    } else {
      FIELD_END.lastIndex = position;
      const end = FIELD_END.exec(text)?.index ?? length;
      field = text.slice(position, end);
      position = end;
    }
    fields.push(field);

    const separator = text[position];
    if (separator === ',') {
      position += 1;
      // A comma at the very end still ends a (last, empty) field.
      if (position === length) fields.push('');
    } else if (separator === '\r' || separator === '\n') {
      position += separator === '\r' && text[position + 1] === '\n' ? 2 : 1;
      endRecord();
    }
  }
  if (fields.length > 0) endRecord();
  return { records, problems };
}
