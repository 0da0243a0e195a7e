import { describe, expect, it } from 'vitest';
import { csvCell } from './csv-cell';

describe('csvCell', () => {
  it('keeps text that a spreadsheet would run as a formula as text: =, +, -, @, and after spaces, a tab or a return', () => {
    expect(csvCell('=HYPERLINK("https://evil.example/login","Click for the price")')).toBe(`"'=HYPERLINK(""https://evil.example/login"",""Click for the price"")"`);
    expect(csvCell('+1 609 555 0100')).toBe(`"'+1 609 555 0100"`);
    expect(csvCell("-2+3+cmd|' /C calc'!A0")).toBe(`"'-2+3+cmd|' /C calc'!A0"`);
    expect(csvCell("@SUM(1+1)*cmd|' /C calc'!A0")).toBe(`"'@SUM(1+1)*cmd|' /C calc'!A0"`);
    expect(csvCell('  =1+1')).toBe(`"'  =1+1"`);
    expect(csvCell('\t=1+1')).toBe(`"'\t=1+1"`);
    expect(csvCell('\r=1+1')).toBe(`"'\r=1+1"`);
  });

  it('quotes other text as RFC 4180 says, and writes numbers and nothing as they are', () => {
    expect(csvCell('Club Car, Onward "Lifted"\nnew batteries')).toBe('"Club Car, Onward ""Lifted""\nnew batteries"');
    expect(csvCell('Silver')).toBe('"Silver"');
    expect(csvCell('')).toBe('""');
    expect(csvCell(9495)).toBe('9495');
    expect(csvCell(-12)).toBe('-12');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });
});
