import { LANG_PARAM, LOCALE_NAMES, LOCALES } from '@store/shared/i18n/locales';
import { useLocation } from 'react-router';
import { useLingui } from '#src/lib/i18n/use-lingui';

/**
 * English, తెలుగు, हिन्दी in the top bar of every page. Each is a plain link to the same page with
 * `?lang=`: the server answers with the page pre-rendered in that language and remembers the choice
 * in a cookie, so the words are right from the first paint, it works before the scripts run, and
 * the address can be shared in that language. Each name is in its own language and script (lang),
 * so a reader finds theirs and a screen reader says it right.
 */
export function LanguageChoice() {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  return (
    <nav className="language-choice" aria-label={i18n._('Language')}>
      <ul className="language-choice__list">
        {LOCALES.map((locale) => (
          <li key={locale}>
            <a
              href={`${pathname}?${LANG_PARAM}=${locale}`}
              lang={locale}
              hrefLang={locale}
              aria-current={i18n.locale === locale ? 'true' : undefined}
            >
              {LOCALE_NAMES[locale]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
