/** Quota period: the calendar month in UTC, as 'YYYY-MM'. */
export function currentPeriod(now = new Date()): string {
  return now.toISOString().slice(0, 7);
}
