/**
 * The calendar day of an instant in a time zone, alone in a file without zod: the bucket and every
 * web date import it, and the store's first visit must not download a validator (decision 0020).
 */

/** 'YYYY-MM-DD' of a date's calendar day in a time zone (the foundation's). */
export function calendarDay(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(at)
    .reduce<Record<string, string>>((acc, p) => Object.assign(acc, { [p.type]: p.value }), {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}
