/**
 * The site's message catalogues (decision 0042). Messages are English text marked in the code:
 * `i18n._('Give now')` in a component, `/*i18n*\/ 'Online Store'` on a shared constant, `<Trans
 * id={/*i18n*\/ '...'}>` (apps/web/src/lib/i18n/trans.tsx) where a sentence holds a link. The English text is the message's id, so SPEC.md's
 * wording stays in the code word for word and a translator reads it as the PO file's msgid.
 *
 * One catalogue per area, so a page loads the site's and its own, never the whole language:
 *   npm run i18n:extract   writes the PO files from the code (what a translator edits)
 *   npm run i18n:compile   writes the compiled catalogues the app and server import (committed)
 * `npm test` fails when either is out of date (test/i18n-catalogues.test.ts).
 */
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

const WEB = '<rootDir>/apps/web/src';
const SHARED = '<rootDir>/packages/shared/src';
// LINGUI_LOCALES_DIR: where the check in npm test extracts into, to compare with the committed files.
const LOCALES_DIR = process.env.LINGUI_LOCALES_DIR ?? '<rootDir>/packages/shared/src/i18n/locales';

/** Shared modules whose texts belong to one area; every other shared module's texts are the site's. */
const SHARED_BY_AREA = {
  giving: [
    'checkout-messages.ts',
    'checkout.ts',
    'card.ts',
    'cart-schema.ts',
    'monthly-giving.ts',
    'text-limits.ts',
    'gift-extras.ts',
    'payment-methods.ts',
    'matching-next-steps.ts',
  ],
  event: [
    'countries.ts',
    'registration-rules.ts',
    'registration.ts',
    'family-registration.ts',
    'waiting-list.ts',
    'event-session-texts.ts',
    'event-messages.ts',
    'certificates.ts',
  ],
  account: ['auth.ts', 'receipt-address.ts', 'receipt-address-messages.ts', 'year-end-statements.ts'],
} as const;

const SERVER = '<rootDir>/apps/server/src';
/** The PDFs' words (receipts, statements, tickets, certificates): the server's `documents` catalogue. */
const DOCUMENTS = [
  `${SERVER}/modules/receipts/pdf`,
  `${SERVER}/modules/receipts/tax-document.ts`,
  `${SERVER}/modules/receipts/tax-words.ts`,
  `${SERVER}/modules/statements/statement-document.ts`,
  `${SERVER}/modules/statements/statement-pdf.ts`,
  `${SERVER}/modules/tickets/ticket-document.ts`,
  `${SERVER}/modules/tickets/ticket-pdf.ts`,
  `${SERVER}/modules/certificates/certificate-document.ts`,
  `${SERVER}/modules/certificates/certificate-pdf.ts`,
];

const sharedOf = (area: keyof typeof SHARED_BY_AREA) => SHARED_BY_AREA[area].map((file) => `${SHARED}/${file}`);
const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/test/**'];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'te', 'hi'],
  // A message not yet translated shows in English rather than as its id (they are the same text).
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false, explicitIdAsDefault: true }),
  compileNamespace: 'ts',
  orderBy: 'messageId',
  catalogs: [
    {
      path: `${LOCALES_DIR}/{locale}/site`,
      include: [`${WEB}/app`, `${WEB}/lib`, `${WEB}/components`, `${WEB}/features/store`, SHARED],
      exclude: [
        ...TESTS,
        // A folder is left out with its files only as a glob (the extractor's glob ignores the bare path).
        `${WEB}/components/payment/**`,
        ...sharedOf('giving'),
        ...sharedOf('event'),
        ...sharedOf('account'),
      ],
    },
    {
      // The site map's long descriptions: kept out of `site`, which the store's first visit loads.
      path: `${LOCALES_DIR}/{locale}/pages`,
      include: [`${WEB}/features/nav`],
      exclude: TESTS,
    },
    {
      path: `${LOCALES_DIR}/{locale}/giving`,
      include: [
        `${WEB}/features/bucket`,
        `${WEB}/features/checkout`,
        `${WEB}/features/payment`,
        `${WEB}/components/payment`,
        ...sharedOf('giving'),
      ],
      exclude: TESTS,
    },
    {
      path: `${LOCALES_DIR}/{locale}/event`,
      include: [`${WEB}/features/registration`, ...sharedOf('event')],
      exclude: TESTS,
    },
    {
      path: `${LOCALES_DIR}/{locale}/account`,
      include: [`${WEB}/features/account`, ...sharedOf('account')],
      exclude: TESTS,
    },
    {
      path: `${LOCALES_DIR}/{locale}/documents`,
      include: DOCUMENTS,
      exclude: TESTS,
    },
    {
      path: `${LOCALES_DIR}/{locale}/mail`,
      include: [SERVER],
      // A folder is left out only as a glob (the extractor's glob ignores the bare path).
      exclude: [...TESTS, ...DOCUMENTS.map((path) => (path.endsWith('.ts') ? path : `${path}/**`))],
    },
  ],
});
