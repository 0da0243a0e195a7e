import { describe, expect, test } from 'vitest';
import { formatFigure } from './format-figure';

describe('a figure as Americans write it', () => {
  test('commas between thousands', () => {
    expect(formatFigure(0)).toBe('0');
    expect(formatFigure(999)).toBe('999');
    expect(formatFigure(1000)).toBe('1,000');
    expect(formatFigure(1204)).toBe('1,204');
    expect(formatFigure(23000)).toBe('23,000');
    expect(formatFigure(999999)).toBe('999,999');
    expect(formatFigure(1000000)).toBe('1,000,000');
    expect(formatFigure(1234567890)).toBe('1,234,567,890');
  });

  test('whole numbers, halves rounded away from zero', () => {
    expect(formatFigure(12995.4)).toBe('12,995');
    expect(formatFigure(12995.5)).toBe('12,996');
    expect(formatFigure(999.5)).toBe('1,000');
    expect(formatFigure(-1204)).toBe('-1,204');
    expect(formatFigure(-2.5)).toBe('-3');
    expect(formatFigure(-0.4)).toBe('0');
  });

  test('the same words as en-US Intl, which the server and older pages used', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    for (const value of [0, 7, 42, 512, 1050, 12995, 54321, 100000, 7654321, 0.5, 1.5, 2.5, 1049.5, -3, -1500.5]) {
      expect(formatFigure(value)).toBe(intl.format(value));
    }
  });
});
