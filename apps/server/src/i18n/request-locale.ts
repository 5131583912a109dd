/**
 * The language a request is answered in (decision 0042), the same for a page, an API call that
 * records a gift or a registration, and the e-mails and PDFs that follow from it:
 *   1. `?lang=` (a shared link, or the top bar's choice), 2. the `lang` cookie that choice left,
 *   3. Accept-Language, 4. English.
 */
import { Negotiator } from '@fastify/accept-negotiator';
import { DEFAULT_LOCALE, isLocale, LANG_COOKIE, LANG_PARAM, LOCALES, type Locale } from '@store/shared/i18n/locales';
import type { FastifyRequest } from 'fastify';

const languages = new Negotiator({ supportedValues: [...LOCALES] });

/**
 * Each range by its primary language ('te-IN;q=0.9' counts as 'te;q=0.9'): a Telugu browser sends
 * te-IN more often than te, and the site has one Telugu. Longer headers than any browser sends are cut.
 */
function primaryLanguages(header: string): string {
  return header
    .slice(0, 1000)
    .split(',')
    .map((range) =>
      range
        .trim()
        .replace(/^([A-Za-z]{1,8})-[A-Za-z0-9-]*/, '$1')
        .toLowerCase(),
    )
    .join(',');
}

/** From the Accept-Language header alone: the first of ours the browser asks for, or English. */
export function acceptedLocale(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const chosen = languages.negotiate(primaryLanguages(header));
  return isLocale(chosen) ? chosen : DEFAULT_LOCALE;
}

/** The language in the query, if the request names one of ours there. */
export function queryLocale(request: Pick<FastifyRequest, 'query'>): Locale | undefined {
  const query = request.query;
  const value = query && typeof query === 'object' ? (query as Record<string, unknown>)[LANG_PARAM] : undefined;
  return isLocale(value) ? value : undefined;
}

/** The request's language by the order above. An unknown `lang` value is ignored, never an error. */
export function requestLocale(request: Pick<FastifyRequest, 'query' | 'headers'>): Locale {
  const fromQuery = queryLocale(request);
  if (fromQuery) return fromQuery;
  const cookie = cookieValue(request.headers.cookie, LANG_COOKIE);
  if (isLocale(cookie)) return cookie;
  return acceptedLocale(request.headers['accept-language']);
}

/** One cookie's value from the raw header (pages are answered without the cookie plugin's parsing). */
function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}
