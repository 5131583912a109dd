/**
 * What a billing run takes from the site as it stands when the run starts: how receipts are
 * numbered and each entity's merchant account. Read anew at every run, since the owner may change an
 * entity's merchant account, or add an entity with its series, in the back office meanwhile.
 */
import type { Site } from '@store/shared/site';
import { receiptSettings } from '#src/modules/ledger/index';
import type { RunBillingOptions } from './run-billing';

export type BillingSettings = Pick<RunBillingOptions, 'receipts' | 'money'>;

export function billingSettingsOf(
  site: Pick<Site, 'foundation' | 'taxReceipts' | 'entities' | 'exchangeRates'>,
): BillingSettings {
  return {
    receipts: receiptSettings(site),
    money: { entities: site.entities, homeCurrency: site.exchangeRates.homeCurrency },
  };
}
