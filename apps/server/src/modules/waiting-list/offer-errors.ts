/** The offer link's refusal: forged, cut, or naming no offer. Nothing is said about which. */
import { waitingListTexts } from '@store/shared/waiting-list';
import { AppError } from '#src/errors/app-error';

export function invalidOfferLink(): AppError {
  return new AppError('invalid_token', waitingListTexts.invalidLink, {
    fields: { token: waitingListTexts.invalidLink },
  });
}
