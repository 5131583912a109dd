/**
 * The list of capabilities the API offers. A new module is a folder under modules/ exporting a
 * Fastify plugin (routes.ts) and one line here passing it the parts of the context it needs.
 * Each module is its own encapsulated plugin: its hooks and decorators stay inside it.
 *
 * Modules depend on each other one way only (npm run check:imports refuses cycles). What would
 * point back is handed in here instead: the session's user id to the checkout and registrations
 * (they never import auth), and the dashboard's lists to auth (it never imports them).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#src/app-context';
import { dashboardUrl, storeUrlOf } from '#src/lib/dashboard-url';
import { createAdminGuard } from '#src/modules/admins/require-admin';
import { adminRoutes } from '#src/modules/admins/routes';
import { linkKey } from '#src/modules/auth/account-link-token';
import { authLocation } from '#src/modules/auth/auth-location';
import { authRoutes } from '#src/modules/auth/routes';
import { createSessionOwnerResolver, createSessionUserResolver } from '#src/modules/auth/session-user';
import { createSessionStore } from '#src/modules/auth/sessions';
import { createCaptchaVerifier } from '#src/modules/captcha/create-verifier';
import { captchaRoutes } from '#src/modules/captcha/routes';
import { catalogueRoutes } from '#src/modules/catalogue/routes';
import { certificateRoutes } from '#src/modules/certificates/routes';
import { checkInRoutes } from '#src/modules/check-in/routes';
import { listAccountDonations } from '#src/modules/checkout/account-donations';
import { createReceiptAddress } from '#src/modules/checkout/receipt-address';
import { receiptAddressRoutes } from '#src/modules/checkout/receipt-address-routes';
import { checkoutRoutes } from '#src/modules/checkout/routes';
import { donorRoutes } from '#src/modules/donors/routes';
import { eventAdminRoutes } from '#src/modules/event-admin/routes';
import { eventNewsRoutes } from '#src/modules/event-messages/public-routes';
import { eventMessageRoutes } from '#src/modules/event-messages/staff-routes';
import { eventSessionRoutes } from '#src/modules/event-sessions/routes';
import { exchangeRateRoutes } from '#src/modules/exchange-rates/routes';
import { giftAidRoutes } from '#src/modules/gift-aid/routes';
import { healthRoutes } from '#src/modules/health/routes';
import { receiptSettings } from '#src/modules/ledger/index';
import { matchingRoutes } from '#src/modules/matching/routes';
import { cancelAccountGifts } from '#src/modules/monthly-giving/cancel-account-gifts';
import { monthlyGiftRoutes } from '#src/modules/monthly-giving/routes';
import { createMonthlyGiftStarter } from '#src/modules/monthly-giving/start-gifts';
import { offlineGiftRoutes } from '#src/modules/offline-gifts/routes';
import { createGateway } from '#src/modules/payments/create-gateway';
import { paymentRoutes } from '#src/modules/payments/routes';
import { certificateSignatureImage, signatureImage } from '#src/modules/receipts/signature-image';
import { refundRoutes } from '#src/modules/refunds/routes';
import { registrationManageRoutes } from '#src/modules/registration-manage/routes';
import { withFamilyLinks } from '#src/modules/registration-manage/with-family-links';
import { listAccountRegistrations } from '#src/modules/registrations/account-registrations';
import { eventLinkKey } from '#src/modules/registrations/event-link';
import { registrationRoutes } from '#src/modules/registrations/routes';
import { reportRoutes } from '#src/modules/report/routes';
import { imageRoutes } from '#src/modules/site-content/image-routes';
import { siteContentRoutes } from '#src/modules/site-content/routes';
import type { SiteContentStore } from '#src/modules/site-content/site-content-store';
import { memberRoutes } from '#src/modules/staff/member-routes';
import { reportKeyRoutes } from '#src/modules/staff/report-key-routes';
import { createReportKeyUseRecorder } from '#src/modules/staff/report-keys';
import { createStaffGuard } from '#src/modules/staff/require-staff';
import { staffRoutes } from '#src/modules/staff/routes';
import { totpSealKey } from '#src/modules/staff/totp';
import { listStaffMonthlyGifts } from '#src/modules/staff-monthly-gifts/list-staff-monthly-gifts';
import { staffMonthlyGiftRoutes } from '#src/modules/staff-monthly-gifts/routes';
import { staffRegistrationRoutes } from '#src/modules/staff-registrations/routes';
import { accountDocumentRoutes } from '#src/modules/statements/routes';
import { staffStatementRoutes } from '#src/modules/statements/staff-routes';
import { listGivingYears } from '#src/modules/statements/year-gifts';
import { ticketRoutes } from '#src/modules/tickets/routes';
import { ticketKeys } from '#src/modules/tickets/ticket-keys';
import { waitlistRoutes } from '#src/modules/waiting-list/routes';
import { waitlistStaffRoutes } from '#src/modules/waiting-list/staff-routes';

/** The newest this many of each on a dashboard: a list, not an archive (the receipts are in the mailbox). */
export const ACTIVITY_LIMIT = 200;

export async function registerModules(
  app: FastifyInstance,
  context: AppContext & { siteContent: SiteContentStore },
): Promise<void> {
  const { db, site, siteContent } = context;
  const { allowedOrigins } = context.config;
  await app.register(healthRoutes, { db, shuttingDown: context.shuttingDown });
  await app.register(catalogueRoutes, { siteSource: siteContent.reads });
  await app.register(siteContentRoutes, { db, store: siteContent, allowedOrigins });
  await app.register(imageRoutes, { db, allowedOrigins });
  // A report key's use is marked and audited by the staff module, which the admin guard cannot import.
  const onReportKeyUsed = createReportKeyUseRecorder(db);
  await app.register(adminRoutes, { db, onReportKeyUsed });
  await app.register(captchaRoutes, { config: context.config, secrets: context.secrets });
  // One verifier for every guarded route; a module puts `preHandler: captchaPreHandler(captcha, action)` on it.
  const captcha = createCaptchaVerifier({ ...context, logger: app.log });
  // Account sessions: the auth server opens them; the checkout and registrations file under them.
  const sessions = createSessionStore({ db, logger: app.log });
  const resolveUserId = createSessionUserResolver({ sessions, allowedOrigins: context.config.allowedOrigins });
  const resolveOwner = createSessionOwnerResolver({ sessions, allowedOrigins: context.config.allowedOrigins });
  // Read at start by main.ts too, so a missing file stops the server there (issue 20).
  const signature = signatureImage(context.config.siteConfigPath, site.taxReceipts);
  // The family's signed links (registration-manage): its page's routes and the dashboard's "Manage".
  const familyKey = eventLinkKey(context.secrets.session);
  const foundation = {
    name: site.foundation.name,
    url: site.foundation.url,
    dashboardUrl: dashboardUrl(storeUrlOf(allowedOrigins, site.foundation.url)),
  };
  await app.register(authRoutes, {
    prefix: authLocation(context.config).prefix,
    db,
    config: context.config,
    secrets: context.secrets,
    sessions,
    captcha,
    mail: context.mail,
    readActivity: async (user) => {
      const [donations, registrations, statementYears] = await Promise.all([
        listAccountDonations(db, site, user, ACTIVITY_LIMIT),
        siteContent.reads
          .current()
          .then(({ site: current }) => listAccountRegistrations(db, current, user, ACTIVITY_LIMIT))
          .then((listed) => withFamilyLinks(db, familyKey, listed)),
        listGivingYears(db, user, site.foundation.timeZone),
      ]);
      return { donations, registrations, statementYears };
    },
    beforeAccountDeleted: (userId) => cancelAccountGifts(db, userId, foundation),
  });
  const paymentGateway = context.paymentGateway ?? (await createGateway(context));
  await app.register(paymentRoutes, { gateway: paymentGateway, captcha });
  await app.register(checkoutRoutes, {
    db,
    siteSource: siteContent,
    gateway: paymentGateway,
    captcha,
    mail: context.mail,
    resolveUserId,
    // Issue 22: the checkout starts monthly gifts through monthly-giving, which it must not import.
    monthlyGifts: createMonthlyGiftStarter({ db, timeZone: site.foundation.timeZone }),
  });
  await app.register(monthlyGiftRoutes, {
    db,
    sessions,
    gateway: paymentGateway,
    allowedOrigins,
    timeZone: site.foundation.timeZone,
    foundation,
    siteSource: siteContent,
    mail: context.mail,
  });
  await app.register(refundRoutes, {
    db,
    gateway: paymentGateway,
    allowedOrigins: context.config.allowedOrigins,
    timeZone: site.foundation.timeZone,
    mail: context.mail,
  });
  await app.register(eventSessionRoutes, { db, siteSource: siteContent.reads });
  await app.register(registrationRoutes, {
    db,
    siteSource: siteContent.reads,
    captcha,
    mail: context.mail,
    resolveUserId,
  });
  await app.register(registrationManageRoutes, {
    db,
    key: familyKey,
    settings: site.eventSettings,
    centerName: async (id) => (await siteContent.current()).site.centers.find((center) => center.id === id)?.name,
    captcha,
    mail: context.mail,
  });
  await app.register(reportRoutes, {
    db,
    site,
    siteSource: siteContent,
    databaseKind: context.config.database.kind,
    preHandler: createAdminGuard({ db, logger: app.log, onReportKeyUsed }),
    signature,
  });
  await app.register(accountDocumentRoutes, { db, site, siteSource: siteContent, signature, resolveOwner });
  await app.register(receiptAddressRoutes, {
    receiptAddress: createReceiptAddress({
      db,
      key: linkKey(context.secrets.session),
      receipts: async () => receiptSettings((await siteContent.current()).site),
      logger: app.log,
    }),
    resolveOwner,
    mail: context.mail,
  });
  // The back office (issue 21): one guard for every /api/staff route, each with its permission.
  const staffGuard = createStaffGuard({ db, allowedOrigins });
  // Centers as staff edit them now (site_content), not as site.json had them at start.
  const centers = async () => (await siteContent.current()).site.centers;
  const centerName = async (id: number) => (await centers()).find((center) => center.id === id)?.name;
  await app.register(staffRoutes, {
    db,
    guard: staffGuard,
    sealKey: totpSealKey(context.secrets.session),
    allowedOrigins,
    centerName,
    issuer: site.foundation.name,
  });
  await app.register(reportKeyRoutes, { db, guard: staffGuard });
  await app.register(memberRoutes, {
    db,
    guard: staffGuard,
    isCenter: async (id) => (await centerName(id)) !== undefined,
  });
  await app.register(offlineGiftRoutes, {
    db,
    guard: staffGuard,
    receipts: async () => receiptSettings((await siteContent.current()).site),
    timeZone: site.foundation.timeZone,
    openTaxYears: context.config.openTaxYears,
    site: async () => (await siteContent.current()).site,
    mail: context.mail,
  });
  await app.register(matchingRoutes, {
    db,
    guard: staffGuard,
    receipts: async () => receiptSettings((await siteContent.current()).site),
    timeZone: site.foundation.timeZone,
    openTaxYears: context.config.openTaxYears,
    homeCurrency: site.exchangeRates.homeCurrency,
  });
  await app.register(exchangeRateRoutes, {
    db,
    guard: staffGuard,
    settings: site.exchangeRates,
    timeZone: site.foundation.timeZone,
  });
  await app.register(staffStatementRoutes, {
    db,
    guard: staffGuard,
    siteSource: siteContent,
    timeZone: site.foundation.timeZone,
    mail: context.mail,
  });
  await app.register(donorRoutes, {
    db,
    guard: staffGuard,
    timeZone: site.foundation.timeZone,
    monthlyGiftsOf: async (emails) => (await listStaffMonthlyGifts(db, { emails })).gifts,
  });
  await app.register(staffRegistrationRoutes, { db, guard: staffGuard, centers });
  await app.register(staffMonthlyGiftRoutes, { db, guard: staffGuard });
  await app.register(giftAidRoutes, { db, guard: staffGuard, testStore: paymentGateway.test });
  await app.register(ticketRoutes, {
    db,
    keys: ticketKeys(context.secrets.ticketSigning),
    linkKey: eventLinkKey(context.secrets.session),
    siteSource: siteContent,
    resolveOwner,
    guard: staffGuard,
  });
  await app.register(checkInRoutes, { db, siteSource: siteContent, guard: staffGuard });
  await app.register(eventMessageRoutes, {
    db,
    guard: staffGuard,
    centerNameOf: centerName,
    foundation: site.foundation,
    storeUrl: storeUrlOf(allowedOrigins, site.foundation.url),
    perMinute: site.eventSettings.messagesPerMinute,
    mail: context.mail,
  });
  await app.register(eventNewsRoutes, { db, key: eventLinkKey(context.secrets.session) });
  // The waiting list: the family's offer link, and each session's line in the back office.
  await app.register(waitlistRoutes, {
    db,
    key: eventLinkKey(context.secrets.session),
    centerName,
    mail: context.mail,
  });
  await app.register(waitlistStaffRoutes, {
    db,
    guard: staffGuard,
    offerHoldHours: site.eventSettings.offerHoldHours,
    centerName,
    mail: context.mail,
  });
  await app.register(certificateRoutes, {
    db,
    guard: staffGuard,
    siteSource: siteContent,
    linkKey: eventLinkKey(context.secrets.session),
    mail: context.mail,
    signature: certificateSignatureImage(context.config.siteConfigPath, site.certificate),
  });
  await app.register(eventAdminRoutes, {
    db,
    guard: staffGuard,
    centers,
    offerHoldHours: site.eventSettings.offerHoldHours,
  });
}
