/** A date and time in the reader's locale, or '' for a missing or unreadable value. */
export function formatDateTime(raw: string | null | undefined): string {
  if (!raw) return '';
  const date = new Date(raw);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
