// The gallery is a masonry of 1 to 4 columns chosen by the width the grid really has:
// the viewport alone is misleading because the sidebar takes part of it on wide screens.

/** Smallest grid width (px) for 2, 3 and 4 columns; each column stays at least ~220 px wide. */
export const masonryBreakpoints = [460, 680, 900] as const;

/** Number of columns for a grid this many pixels wide (1 when the width is unknown). */
export function masonryColumnCount(width: number): number {
  return 1 + masonryBreakpoints.filter((min) => width >= min).length;
}

/**
 * Deals items round-robin into `columns` columns: item i goes to column i mod N, so the first N
 * items (the newest) form the top row and no column is empty while there are at least N items.
 */
export function dealIntoColumns<T>(items: readonly T[], columns: number): T[][] {
  const count = Math.max(1, Math.floor(columns));
  const result: T[][] = Array.from({ length: count }, () => []);
  items.forEach((item, index) => result[index % count].push(item));
  return result;
}
