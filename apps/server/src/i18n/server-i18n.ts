/**
 * The server's translations: one Lingui instance per language, holding every catalogue of it (the
 * pages' areas, whose shared texts e-mails repeat, and the server's own `mail`), made once per
 * process. E-mails and PDFs are written in the language their gift or registration was made in:
 * `serverI18n(order.locale)._('Thank you for your gift')`.
 */
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { INTL_LOCALE, type Locale } from '@store/shared/i18n/locales';
import { messages as enAccount } from '@store/shared/i18n/locales/en/account';
import { messages as enDocuments } from '@store/shared/i18n/locales/en/documents';
import { messages as enEvent } from '@store/shared/i18n/locales/en/event';
import { messages as enGiving } from '@store/shared/i18n/locales/en/giving';
import { messages as enMail } from '@store/shared/i18n/locales/en/mail';
import { messages as enPages } from '@store/shared/i18n/locales/en/pages';
import { messages as enSite } from '@store/shared/i18n/locales/en/site';
import { messages as hiAccount } from '@store/shared/i18n/locales/hi/account';
import { messages as hiDocuments } from '@store/shared/i18n/locales/hi/documents';
import { messages as hiEvent } from '@store/shared/i18n/locales/hi/event';
import { messages as hiGiving } from '@store/shared/i18n/locales/hi/giving';
import { messages as hiMail } from '@store/shared/i18n/locales/hi/mail';
import { messages as hiPages } from '@store/shared/i18n/locales/hi/pages';
import { messages as hiSite } from '@store/shared/i18n/locales/hi/site';
import { messages as teAccount } from '@store/shared/i18n/locales/te/account';
import { messages as teDocuments } from '@store/shared/i18n/locales/te/documents';
import { messages as teEvent } from '@store/shared/i18n/locales/te/event';
import { messages as teGiving } from '@store/shared/i18n/locales/te/giving';
import { messages as teMail } from '@store/shared/i18n/locales/te/mail';
import { messages as tePages } from '@store/shared/i18n/locales/te/pages';
import { messages as teSite } from '@store/shared/i18n/locales/te/site';

const CATALOGUES: Readonly<Record<Locale, readonly Messages[]>> = {
  en: [enSite, enPages, enGiving, enEvent, enAccount, enMail, enDocuments],
  te: [teSite, tePages, teGiving, teEvent, teAccount, teMail, teDocuments],
  hi: [hiSite, hiPages, hiGiving, hiEvent, hiAccount, hiMail, hiDocuments],
};

const instances = new Map<Locale, I18n>();

/** The translations of `locale`, with `Intl` in its conventions (te-IN, hi-IN; en-US for English). */
export function serverI18n(locale: Locale): I18n {
  let i18n = instances.get(locale);
  if (!i18n) {
    i18n = setupI18n({
      locale,
      locales: [INTL_LOCALE[locale]],
      messages: { [locale]: Object.assign({}, ...CATALOGUES[locale]) },
    });
    instances.set(locale, i18n);
  }
  return i18n;
}
