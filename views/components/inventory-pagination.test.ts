import { describe, expect, it } from 'vitest';
import { pageNumbers } from './inventory-pagination';

describe('pageNumbers', () => {
  it('offers every page of a short list', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageNumbers(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('offers the first, the last and two either side of the current page of a long list, gaps marked', () => {
    expect(pageNumbers(1, 96)).toEqual([1, 2, 3, null, 96]);
    expect(pageNumbers(50, 96)).toEqual([1, null, 48, 49, 50, 51, 52, null, 96]);
    expect(pageNumbers(96, 96)).toEqual([1, null, 94, 95, 96]);
  });
});
