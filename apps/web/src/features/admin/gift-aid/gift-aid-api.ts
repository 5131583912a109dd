/** The Gift Aid claim calls (packages/shared/src/gift-aid-claim.ts). */
import { type GiftAidClaim, giftAidClaimSchema } from '@store/shared/gift-aid-claim';
import { staffGet, withParams } from '../staff-request';

export const getGiftAidClaim = (quarter: string, signal: AbortSignal): Promise<GiftAidClaim> =>
  staffGet(withParams('/api/staff/gift-aid/claim', { quarter }), giftAidClaimSchema, signal);

/** The quarter's schedule as a file, fetched by the browser itself with the staff cookie. */
export const giftAidClaimCsvPath = (quarter: string): string =>
  withParams('/api/staff/gift-aid/claim.csv', { quarter });
