/**
 * The concert tiers a tier's monthly gift may move to: those offered now (not archived) at a set
 * price, with that price. A tier priced 0 would be an open amount, which a tier's gift never becomes.
 */
import { centsToDollars, dollarsToCents } from '@store/shared/money';
import type { MonthlyTier } from '@store/shared/monthly-giving';
import type { SiteItem } from '@store/shared/site';

export function isOfferedTier(item: SiteItem): boolean {
  return !item.archived && dollarsToCents(item.price) > 0;
}

export function offeredTiers(concert: readonly SiteItem[]): MonthlyTier[] {
  return concert
    .filter(isOfferedTier)
    .map((item) => ({ id: item.id, name: item.name, amount: centsToDollars(dollarsToCents(item.price)) }));
}
