/**
 * Every table, for drizzle-kit only (drizzle.config.ts): the single list of the database's shape it
 * writes migrations from. Nothing imports this file at run time: each module imports its own tables,
 * so the database layer never depends on the modules (src/db/client.ts). After changing a table, run
 * `npm run db:generate -w @store/server` and commit the SQL it writes to apps/server/drizzle/.
 */
export { appSecrets } from '#src/db/app-secrets-table';
export { admins, loginFailures, reportKeys } from '#src/modules/admins/tables';
export { accountLinks, authHandOffs, authSessions, users } from '#src/modules/auth/tables';
export { captchaSpent } from '#src/modules/captcha/tables';
export { recitationCompletions } from '#src/modules/certificates/tables';
export { checkIns } from '#src/modules/check-in/tables';
export { donorAliases } from '#src/modules/donors/tables';
export { eventMessageRecipients, eventMessages, eventNewsOptouts } from '#src/modules/event-messages/tables';
export { eventSessions } from '#src/modules/event-sessions/tables';
export { exchangeRates } from '#src/modules/exchange-rates/tables';
export { mailOutbox } from '#src/modules/mail/tables';
export { monthlyGifts } from '#src/modules/monthly-giving/tables';
export {
  sandboxNonces,
  sandboxRefunds,
  sandboxTransactions,
  sandboxVault,
} from '#src/modules/payments/gateways/sandbox-tables';
export { refunds } from '#src/modules/refunds/tables';
export { familyLinkRequests } from '#src/modules/registration-manage/tables';
export { registrants, registrations, tickets } from '#src/modules/registrations/tables';
export { reportDailyTotals, reportSettings } from '#src/modules/report/tables';
export { siteContent, siteImages } from '#src/modules/site-content/tables';
export { auditLog, staffCodeGuesses, staffRecoveryCodes, staffSessions } from '#src/modules/staff/tables';
export { yearEndStatements } from '#src/modules/statements/tables';
export { tributeCards } from '#src/modules/tributes/tables';
export { waitlistOffers } from '#src/modules/waiting-list/tables';
export { orders, paymentDeclines, receiptCorrections, receiptCounters } from './src/modules/ledger/index';
