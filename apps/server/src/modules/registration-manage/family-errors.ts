/** The family page's refusals: the link, the cut-off and the registration's state. */
import { familyTexts } from '@store/shared/family-registration';
import { AppError } from '#src/errors/app-error';
import { serverI18n } from '#src/i18n/server-i18n';
import { formatDateTime } from '#src/modules/mail/date-format';

/** 400: forged, cut or mangled; nothing about any registration is said. */
export function familyLinkInvalid(): AppError {
  return new AppError('invalid_token', familyTexts.invalidLink);
}

/** 410: genuine but out of date; the page offers a fresh one by e-mail. */
export function familyLinkExpired(): AppError {
  return new AppError('invalid_token', familyTexts.expiredLink, { status: 410 });
}

export function changesClosed(closedAt: Date, timeZone: string): AppError {
  // English, as the API's other refusals; the family's page shows them as they come.
  const message = serverI18n('en')._(familyTexts.changesClosed, { closedAt: formatDateTime(closedAt, timeZone) });
  return new AppError('changes_closed', message);
}

export function registrationCancelled(): AppError {
  return new AppError('conflict', familyTexts.notCancellable);
}

export function offerPending(): AppError {
  return new AppError('conflict', familyTexts.offeredLocked);
}

export function registrantNotFound(position: number): AppError {
  return new AppError('not_found', `This registration has no registrant ${position}.`, {
    fields: { position: `No registrant ${position}` },
  });
}

export function registrantCancelled(): AppError {
  return new AppError('conflict', familyTexts.registrantGone);
}
