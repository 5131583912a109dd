/** The back office's employer matching calls (packages/shared/src/matching.ts). */
import {
  type MarkMatchedRequest,
  type MatchingGift,
  type MatchingPage,
  matchingGiftSchema,
  matchingPageSchema,
} from '@store/shared/matching';
import { staffGet, staffSend, withParams } from '../staff-request';

export function getMatchingGifts(
  status: string,
  cursor: string | undefined,
  signal: AbortSignal,
): Promise<MatchingPage> {
  return staffGet(withParams('/api/staff/matching', { status, cursor }), matchingPageSchema, signal);
}

export function postMarkMatched(orderId: string, request: MarkMatchedRequest): Promise<MatchingGift> {
  return staffSend(`/api/staff/matching/${encodeURIComponent(orderId)}/match`, request, matchingGiftSchema);
}
