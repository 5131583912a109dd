/**
 * The days an offline gift may be dated, now: the open tax years up to today, both in the
 * foundation's zone, where receipts are dated (a gift recorded at 1 am UTC on 1 January is still
 * the old year's in Chicago).
 */
import { type OfflineGiftDates, offlineGiftDates } from '@store/shared/offline-gift-dates';

export function offlineGiftDatesNow(timeZone: string, openTaxYears: number, now = new Date()): OfflineGiftDates {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
  return offlineGiftDates(today, openTaxYears);
}
