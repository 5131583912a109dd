/** When a family's changes close: the session's start less site.json's eventSettings.changeCutoffHours. */
const HOUR_MS = 60 * 60 * 1000;

export function changesCloseAt(sessionStartsAt: Date, cutoffHours: number): Date {
  return new Date(sessionStartsAt.getTime() - cutoffHours * HOUR_MS);
}

export function changesOpen(sessionStartsAt: Date, cutoffHours: number, now: Date = new Date()): boolean {
  return now.getTime() < changesCloseAt(sessionStartsAt, cutoffHours).getTime();
}
