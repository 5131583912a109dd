/**
 * The donor's monthly gifts API (issue 22; shapes in @store/shared/monthly-giving), on this site's
 * origin with the session cookie, as the receipts' downloads are.
 */
import type { MonthlyGift, MonthlyGiftsResponse } from '@store/shared/monthly-giving';
import { getJson, sendJson, sendWithoutBody } from '#src/lib/api-client';

const PATH = '/api/account/monthly-gifts';

const giftsSchema = async () => (await import('@store/shared/monthly-giving')).monthlyGiftsResponseSchema;
const giftSchema = async () => {
  const { z } = await import('zod');
  const { monthlyGiftSchema } = await import('@store/shared/monthly-giving');
  return z.object({ gift: monthlyGiftSchema });
};

export type MonthlyGiftAction = 'pause' | 'resume' | 'cancel';

export type MonthlyGiftsApi = {
  list: (signal?: AbortSignal) => Promise<MonthlyGiftsResponse>;
  /** An open-amount gift's new amount. */
  changeAmount: (id: string, amount: number) => Promise<MonthlyGift>;
  /** A concert tier's gift moved to another tier, at that tier's price. */
  changeTier: (id: string, tierId: number) => Promise<MonthlyGift>;
  /** No body to send, none read back: the section reads the list again after every change. */
  act: (id: string, action: MonthlyGiftAction) => Promise<void>;
  /** Rejects with an ApiClientError of status 402 (the gateway's message) when the card is refused. */
  updateCard: (id: string, nonce: string) => Promise<MonthlyGift>;
  /** Each charge covers the processing fee, or stops covering it. */
  setCoverFee: (id: string, coverFee: boolean) => Promise<MonthlyGift>;
};

export const monthlyGiftsApi: MonthlyGiftsApi = {
  list: (signal) => getJson(PATH, giftsSchema, { signal }),
  changeAmount: async (id, amount) =>
    (await sendJson(`${PATH}/${id}`, { amount }, giftSchema, { method: 'PATCH' })).gift,
  changeTier: async (id, tierId) => (await sendJson(`${PATH}/${id}`, { tierId }, giftSchema, { method: 'PATCH' })).gift,
  act: (id, action) => sendWithoutBody(`${PATH}/${id}/${action}`),
  updateCard: async (id, nonce) => (await sendJson(`${PATH}/${id}/card`, { nonce }, giftSchema)).gift,
  setCoverFee: async (id, coverFee) =>
    (await sendJson(`${PATH}/${id}/cover-fee`, { coverFee }, giftSchema, { method: 'PUT' })).gift,
};
