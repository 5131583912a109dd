/**
 * The words a Telugu or Hindi page shows, taken from the compiled catalogues the site itself ships:
 * `inTelugu('Donate')` is the Telugu for "Donate". A browser test then follows a reviewer's
 * correction of a translation instead of failing on it, and still fails when a page shows English
 * (or nothing) where the catalogue has the language's words.
 */
import { messages as hiAccount } from '@store/shared/i18n/locales/hi/account';
import { messages as hiDocuments } from '@store/shared/i18n/locales/hi/documents';
import { messages as hiEvent } from '@store/shared/i18n/locales/hi/event';
import { messages as hiGiving } from '@store/shared/i18n/locales/hi/giving';
import { messages as hiMail } from '@store/shared/i18n/locales/hi/mail';
import { messages as hiSite } from '@store/shared/i18n/locales/hi/site';
import { messages as teAccount } from '@store/shared/i18n/locales/te/account';
import { messages as teDocuments } from '@store/shared/i18n/locales/te/documents';
import { messages as teEvent } from '@store/shared/i18n/locales/te/event';
import { messages as teGiving } from '@store/shared/i18n/locales/te/giving';
import { messages as teMail } from '@store/shared/i18n/locales/te/mail';
import { messages as teSite } from '@store/shared/i18n/locales/te/site';

type Catalogue = Record<string, unknown>;

function translator(...catalogues: Catalogue[]): (english: string, values?: Record<string, string>) => string {
  const all: Catalogue = Object.assign({}, ...catalogues);
  return (english, values = {}) => {
    const compiled = all[english];
    if (compiled === undefined) throw new Error(`No translation of ${JSON.stringify(english)}`);
    // A compiled message is its text, or its parts: strings and [name] for a value.
    const parts = typeof compiled === 'string' ? [compiled] : (compiled as unknown[]);
    return parts
      .map((part) => {
        if (typeof part === 'string') return part;
        const name = Array.isArray(part) ? String(part[0]) : '';
        const value = values[name];
        if (value === undefined) throw new Error(`${JSON.stringify(english)} needs a value for {${name}}`);
        return value;
      })
      .join('');
  };
}

export const inTelugu = translator(teSite, teGiving, teEvent, teAccount, teMail, teDocuments);
export const inHindi = translator(hiSite, hiGiving, hiEvent, hiAccount, hiMail, hiDocuments);
