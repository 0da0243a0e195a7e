import { describe, expect, it } from 'vitest';
import { parseCsv } from './parse-csv';

const fieldsOf = (text: string) => parseCsv(text).records.map((record) => record.fields);

describe('parseCsv', () => {
  it.each([
    {
      case: 'splits records on CRLF or LF and fields on commas',
      csv: 'a,b,c\r\n1,2,3\n4,5,6',
      fields: [
        ['a', 'b', 'c'],
        ['1', '2', '3'],
        ['4', '5', '6'],
      ],
    },
    {
      case: 'reads quoted fields holding commas, doubled quotes and line breaks',
      csv: 'name,description\r\n"Onward, 4 seat","Says ""like new""\r\nNew batteries"\r\n',
      fields: [
        ['name', 'description'],
        ['Onward, 4 seat', 'Says "like new"\r\nNew batteries'],
      ],
    },
    {
      case: 'drops the byte order mark a spreadsheet writes first',
      csv: '\uFEFFstock_number,price\nU1,100\n',
      fields: [
        ['stock_number', 'price'],
        ['U1', '100'],
      ],
    },
    {
      case: 'keeps empty fields, including a last one after a trailing comma',
      csv: 'a,,c\n,,\n"",x,',
      fields: [
        ['a', '', 'c'],
        ['', '', ''],
        ['', 'x', ''],
      ],
    },
    { case: 'keeps a stray quote inside an unquoted field as text, as spreadsheets do', csv: '48" lift,b', fields: [['48" lift', 'b']] },
  ])('$case', ({ csv, fields }) => {
    expect(fieldsOf(csv)).toEqual(fields);
  });

  it('numbers records as a spreadsheet shows rows: a multi-line field is one row, a blank line is a row of its own', () => {
    const { records } = parseCsv('h1,h2\n"line one\nline two",x\n\ny,z\n');
    expect(records.map((record) => [record.row, record.fields[0]])).toEqual([
      [1, 'h1'],
      [2, 'line one\nline two'],
      [4, 'y'],
    ]);
  });

  it('names the row of a quoted field that is never closed', () => {
    const { records, problems } = parseCsv('a,b\n1,2\n3,"open\n4,5\n');
    expect(problems).toEqual(['row 3: a quoted field is not closed (a " is missing)']);
    expect(records.map((record) => record.row)).toEqual([1, 2]);
  });

  it('names the row and field of text after a closing quote', () => {
    expect(parseCsv('a,b\n1,"2"x\n').problems).toEqual(['row 2: text after the closing quote of field 2 (a quote inside a quoted field is written "")']);
  });

  it('reads an empty file as no records', () => {
    expect(parseCsv('')).toEqual({ records: [], problems: [] });
    expect(parseCsv('\uFEFF\r\n')).toEqual({ records: [], problems: [] });
  });
});
