import { describe, expect, it } from 'vitest';
import { dealIntoColumns, masonryBreakpoints, masonryColumnCount } from '../masonry.js';

describe('masonryColumnCount', () => {
  it('when the width grows, then the gallery goes from 1 to 4 columns', () => {
    expect(masonryColumnCount(0)).toBe(1);
    expect(masonryColumnCount(358)).toBe(1); // 390 px phone
    expect(masonryColumnCount(masonryBreakpoints[0])).toBe(2);
    expect(masonryColumnCount(masonryBreakpoints[1] - 1)).toBe(2);
    expect(masonryColumnCount(masonryBreakpoints[1])).toBe(3);
    expect(masonryColumnCount(960)).toBe(4); // 1280 px window minus the 256 px sidebar and padding
    expect(masonryColumnCount(4000)).toBe(4);
  });
});

describe('dealIntoColumns', () => {
  it('when 5 items go into 4 columns, then the first four form the top row and none is empty', () => {
    const columns = dealIntoColumns(['a', 'b', 'c', 'd', 'e'], 4);
    expect(columns).toEqual([['a', 'e'], ['b'], ['c'], ['d']]);
    expect(columns.map((column) => column[0])).toEqual(['a', 'b', 'c', 'd']);
  });

  it('when there are fewer items than columns, then only the trailing columns are empty', () => {
    expect(dealIntoColumns([1, 2], 4)).toEqual([[1], [2], [], []]);
  });

  it('when items are dealt, then every item appears exactly once and column lengths differ by at most one', () => {
    const items = Array.from({ length: 23 }, (_, index) => index);
    const columns = dealIntoColumns(items, 3);
    expect(columns.flat().sort((a, b) => a - b)).toEqual(items);
    const lengths = columns.map((column) => column.length);
    expect(Math.max(...lengths) - Math.min(...lengths)).toBeLessThanOrEqual(1);
    expect(columns[1].slice(0, 3)).toEqual([1, 4, 7]);
  });

  it('when the column count is below 1, then everything goes into one column', () => {
    expect(dealIntoColumns(['x', 'y'], 0)).toEqual([['x', 'y']]);
  });
});
