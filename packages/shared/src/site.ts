/**
 * The shape of `config/site.json`: the foundation, its catalogue, concert tiers, centers and event.
 * The server validates the file with this schema at start; the web parses the API's answers with it.
 */
import { z } from 'zod';
import { CURRENCIES, DEFAULT_CURRENCY } from './currencies';
import { eventSettingsSchema, sessionSeedSchema } from './event-sessions';
import { isWholeCents, MAX_AMOUNT_CENTS } from './money';
import { DEFAULT_PAYMENT_METHODS, PAYMENT_METHODS } from './payment-methods';
import { currenciesWithoutValue, entityOfCenter } from './prices';
import { DEFAULT_PROCESSING_FEE } from './processing-fee';

const text = (max: number) => z.string().trim().min(1).max(max);

/** A price in dollars with at most two decimals; 0 means the visitor enters the amount. */
export const priceSchema = z
  .number()
  .min(0)
  .max(MAX_AMOUNT_CENTS / 100)
  .refine((p) => Number.isInteger(Math.round(p * 100)) && Math.abs(p * 100 - Math.round(p * 100)) < 1e-6, {
    message: 'must have at most two decimals',
  });

/**
 * What a donor receives for an item (issue 20): the deductible part of a payment is what was paid
 * minus the fair market value of what came back, set here by the foundation. An item without a
 * `benefit` is a pure gift; so is every open amount.
 *  - `goods` or `services`: a gift with something in return (a concert tier's reserved seats), its
 *    good-faith estimate in dollars per unit;
 *  - `purchase`: a sale, not a gift (the book): its whole price is the value received.
 */
/** An amount per currency other than the US dollar: `{ "CAD": 7, "GBP": 4 }`. */
const perCurrencySchema = z.partialRecord(z.enum(CURRENCIES), priceSchema);

export const benefitSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.enum(['goods', 'services']),
    /** Said on the receipt: 'Two reserved seats at the concert'. */
    description: text(300),
    /** Good-faith estimate per unit, in dollars. */
    fairMarketValue: priceSchema,
    /** The same estimate in each other currency the item is priced in (`prices`). */
    fairMarketValues: perCurrencySchema.optional(),
  }),
  z.object({ kind: z.literal('purchase'), description: text(300) }),
]);
export type Benefit = z.infer<typeof benefitSchema>;

export const catalogueItemSchema = z.object({
  id: z.number().int().positive(),
  name: text(200),
  price: priceSchema,
  desc: z.string().max(20_000),
  /** A picture path under the web root (e.g. `/images/book.svg`) or an https URL. */
  image: z
    .string()
    .regex(/^(\/[\w\-./]+|https:\/\/\S+)$/, 'must be a path starting with / or an https URL')
    .optional(),
  imageAlt: z.string().max(300).optional(),
  benefit: benefitSchema.optional(),
  /**
   * Its price in each other currency it is sold in (`price` is the US dollar's). A fixed-price item
   * without one is not offered in that currency; an open amount (price 0) is offered in every one.
   */
  prices: perCurrencySchema.optional(),
});
export type CatalogueItem = z.infer<typeof catalogueItemSchema>;

/** The countries with a legal entity of the foundation (`entities`): a center is in one of them. */
export const ENTITY_COUNTRIES = ['US', 'CA', 'GB'] as const;
export type EntityCountry = (typeof ENTITY_COUNTRIES)[number];

export const centerSchema = z.object({
  id: z.number().int().positive(),
  name: text(200),
  /** Where book orders marked for pickup can be collected. */
  address: z.string().max(500).optional(),
  /**
   * Where the center is. Its gifts go to that country's legal entity (`entities`), in its currency,
   * with its receipts: a Canadian center's are CRA receipts in CAD, a UK center's offer Gift Aid.
   */
  country: z.enum(ENTITY_COUNTRIES, 'must be US, CA or GB').default('US'),
});
export type Center = z.infer<typeof centerSchema>;

/**
 * The receipt rules an entity's gifts follow, each one renderer (server receipts/pdf): IRS
 * Publication 1771, CRA official receipts, or UK Gift Aid (no deductibility receipt; the donor may
 * declare Gift Aid). Another country's rules (India's 80G) are a new value here, its data in
 * `taxReceipts`, and one renderer: the checkout does not change.
 */
export const RECEIPT_RULES = ['us-irs', 'ca-cra', 'uk-gift-aid'] as const;
export type ReceiptRules = (typeof RECEIPT_RULES)[number];

/**
 * Each country's rules, for a gift whose center's country no entity lists (a site.json from before
 * entities, or an entity no longer configured): its receipt and statement follow that country.
 */
export const RULES_OF_COUNTRY: Record<EntityCountry, ReceiptRules> = { US: 'us-irs', CA: 'ca-cra', GB: 'uk-gift-aid' };

/**
 * A legal entity of the foundation: the US foundation, the Canadian charity, the UK charity. Each
 * takes its country's gifts in its own currency into its own Braintree merchant account, and numbers
 * its receipts in its own series (`receiptPrefix` before the year; `taxReceipts.numberPrefix` before
 * that). Its legal name and tax identifiers are its rules' part of `taxReceipts`.
 */
export const entitySchema = z.object({
  /** Stored on each order: which series numbered its receipt. Never renamed once gifts exist. */
  key: z.string().regex(/^[a-z][a-z0-9-]{0,15}$/, 'lower-case letters, digits and dashes, at most 16'),
  name: text(200),
  country: z.enum(ENTITY_COUNTRIES),
  currency: z.enum(CURRENCIES),
  /** Braintree's merchant account for this currency; unset, the gateway's default account. */
  merchantAccountId: z
    .string()
    .regex(/^[\w-]{1,64}$/, 'letters, digits, dashes and underscores, at most 64')
    .optional(),
  receiptPrefix: z
    .string()
    .regex(/^[A-Za-z0-9-]{0,12}$/, 'letters, digits and dashes, at most 12')
    .default(''),
  receipts: z.enum(RECEIPT_RULES),
  /**
   * The processor's fee on this entity's charges (processing-fee.ts): what a donor who covers the
   * fee adds, worked out so the net equals the gift. Braintree's standard 2.9% + 30¢ unless set.
   */
  processingFee: z
    .object({
      percent: z.number().min(0).max(20).refine(isWholeCents, 'at most two decimals'),
      fixed: z.number().min(0).max(10).refine(isWholeCents, 'at most two decimals'),
    })
    .default(DEFAULT_PROCESSING_FEE),
});
export type Entity = z.infer<typeof entitySchema>;

/** What the store shows of an entity: enough to offer its country and currency. */
export const publicEntitySchema = entitySchema.pick({
  key: true,
  name: true,
  country: true,
  currency: true,
  receipts: true,
  processingFee: true,
});
export type PublicEntity = z.infer<typeof publicEntitySchema>;

/** Before entities were configured, the US foundation and the Canadian charity took gifts. */
export const DEFAULT_ENTITIES: Entity[] = [
  {
    key: 'us',
    name: 'United States',
    country: 'US',
    currency: 'USD',
    receiptPrefix: '',
    receipts: 'us-irs',
    processingFee: DEFAULT_PROCESSING_FEE,
  },
  {
    key: 'ca',
    name: 'Canada',
    country: 'CA',
    currency: 'CAD',
    receiptPrefix: 'CA-',
    receipts: 'ca-cra',
    processingFee: DEFAULT_PROCESSING_FEE,
  },
];

export const eventSchema = z.object({
  title: text(200),
  date: z.iso.date(),
  venue: text(300),
  description: z.string().max(5000),
});
export type SiteEvent = z.infer<typeof eventSchema>;

/**
 * Answers already given: building an Intl.DateTimeFormat costs about a millisecond, and the server
 * validates every catalogue answer against this schema (which holds the foundation's zone).
 */
const knownTimeZones = new Map<string, boolean>();

/** True for an IANA zone name the runtime knows (e.g. America/Chicago). */
function isTimeZone(zone: string): boolean {
  let known = knownTimeZones.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    // Bounded: zone names come from site.json, but a schema may also meet input from anywhere.
    if (knownTimeZones.size < 1_000) knownTimeZones.set(zone, known);
  }
  return known;
}

export const foundationSchema = z.object({
  name: text(200),
  url: z.url({ protocol: /^https?$/ }),
  /** The foundation's own time zone: receipt dates are in it (a tax year ends at ITS midnight). */
  timeZone: z.string().refine(isTimeZone, 'must be an IANA time zone such as America/Chicago').default('UTC'),
  /** One line at the top of the store saying what a gift does (issue 17: the first screen asks for money). */
  mission: z.string().trim().max(300).optional(),
});
export type Foundation = z.infer<typeof foundationSchema>;

/** The amounts a donor can tap for an open-amount cause; 'Other' keeps a typed amount. */
export const givingSchema = z.object({
  suggestedAmounts: z
    .array(priceSchema.refine((p) => p > 0, 'must be more than 0'))
    .max(8)
    .default([51, 101, 251, 501, 1116]),
  /** The amounts in each other currency; a currency without its own list shows the same numbers. */
  suggestedAmountsByCurrency: z
    .partialRecord(z.enum(CURRENCIES), z.array(priceSchema.refine((p) => p > 0, 'must be more than 0')).max(8))
    .optional(),
  /** The checkout's "cover the fee" box is ticked to begin with (processing-fee.ts). */
  coverFeesDefault: z.boolean().default(true),
  /**
   * How donors may pay, in the order offered (payment-methods.ts; SPEC.md §5's default order). The
   * Drop-in offers a wallet only where Braintree has it enabled for the merchant, too.
   */
  paymentMethods: z
    .array(z.enum(PAYMENT_METHODS))
    .min(1)
    .refine((m) => new Set(m).size === m.length, 'each method once')
    .default([...DEFAULT_PAYMENT_METHODS]),
});
export type Giving = z.infer<typeof givingSchema>;

/**
 * What a tax receipt needs of the foundation (issue 20). Each country's part is optional: without
 * it, that country's receipts say they are not official receipts for tax purposes.
 */
export const taxReceiptsSchema = z.object({
  /** Put before `2026-000123`; '' by default. Letters, digits and dashes only. */
  numberPrefix: z
    .string()
    .regex(/^[A-Za-z0-9-]{0,12}$/, 'letters, digits and dashes, at most 12')
    .default(''),
  /** IRS Publication 1771: the legal name, address and EIN on every US receipt. */
  us: z
    .object({
      legalName: text(200),
      address: text(300),
      ein: z.string().regex(/^\d{2}-\d{7}$/, 'an EIN such as 12-3456789'),
    })
    .optional(),
  /** CRA official donation receipts, for gifts to a Canadian center. */
  canada: z
    .object({
      legalName: text(200),
      address: text(300),
      /** The charity's registration number: 9 digits, RR, 4 digits (123456789RR0001). */
      registrationNumber: z.string().regex(/^\d{9}RR\d{4}$/, 'a registration number such as 123456789RR0001'),
      placeOfIssue: text(100),
      signatoryName: text(200),
      signatoryTitle: text(200),
      /** A PNG or JPEG of the authorized signature, relative to site.json's folder. */
      signatureImage: z.string().regex(/^[\w\-./]+\.(png|jpe?g)$/i, 'a .png or .jpg file next to site.json'),
    })
    .optional(),
  /**
   * The UK charity: its receipts name it, and the Gift Aid claim (HMRC Charities Online) carries its
   * HMRC charity reference.
   */
  uk: z
    .object({
      legalName: text(200),
      address: text(300),
      /** The Charity Commission's registered number (England and Wales): 6 to 8 digits. */
      charityNumber: z.string().regex(/^\d{6,8}$/, 'a registered charity number such as 1234567'),
      /** HMRC's charity reference for Gift Aid claims: letters and digits, such as AB12345. */
      hmrcReference: z.string().regex(/^[A-Z0-9]{2,10}$/, 'an HMRC charity reference such as AB12345'),
    })
    .optional(),
});
export type TaxReceipts = z.infer<typeof taxReceiptsSchema>;

/**
 * Who signs the recitation certificates. Unset, the certificate is signed for the foundation by its
 * name, as "Authorised signatory".
 */
export const certificateSettingsSchema = z.object({
  signatoryName: text(200).optional(),
  signatoryTitle: text(200).default('Authorised signatory'),
  /** The signatory's signature, a PNG or JPEG file next to site.json, drawn above their name. */
  signatureImage: text(200).optional(),
});
export type CertificateSettings = z.infer<typeof certificateSettingsSchema>;

const uniqueIds = (items: { id: number }[]) => new Set(items.map((i) => i.id)).size === items.length;

/**
 * An item or center that was bought from, or given to, is never deleted (issue 21): archived, it
 * leaves the store and the checkout, while old orders and receipts keep naming it. Absent = active.
 */
const archived = z.boolean().optional();

/** An item as site.json and the back office hold it: `imageId` names an uploaded picture (site_images). */
export const siteItemSchema = catalogueItemSchema.extend({ archived, imageId: z.uuid().optional() });
export type SiteItem = z.infer<typeof siteItemSchema>;

export const siteCenterSchema = centerSchema.extend({ archived });
export type SiteCenter = z.infer<typeof siteCenterSchema>;

const uniqueBy = <T>(items: T[], key: (item: T) => string) => new Set(items.map(key)).size === items.length;

/** The legal entities, in site.json and as the owner edits them: one per country, each its own series. */
export const entitiesSchema = z
  .array(entitySchema)
  .min(1)
  .refine((list) => uniqueBy(list, (e) => e.key), 'entity keys must be unique')
  .refine((list) => uniqueBy(list, (e) => e.country), 'one entity per country')
  .refine((list) => uniqueBy(list, (e) => e.receiptPrefix), 'each entity needs its own receiptPrefix');

/** A center's gifts go to its country's entity: a country without one could take no gift. */
export const centersHaveEntities: [
  (s: { centers: readonly Center[]; entities: readonly Entity[] }) => boolean,
  { message: string; path: string[] },
] = [
  (s) => s.centers.every((c) => entityOfCenter(s.entities, c)),
  { message: "every center's country needs an entity in `entities`", path: ['centers'] },
];

/**
 * The part of the site staff edit from /admin, kept in the database once seeded from site.json;
 * foundation, giving and taxReceipts stay in the file. Shared by both schemas below. The entities
 * are here since staff edit them too (the owner alone: their merchant accounts and receipt series).
 */
export const siteContentShape = {
  catalogue: z.array(siteItemSchema).min(1).refine(uniqueIds, 'ids must be unique'),
  concert: z.array(siteItemSchema).min(1).refine(uniqueIds, 'ids must be unique'),
  centers: z.array(siteCenterSchema).min(1).refine(uniqueIds, 'ids must be unique'),
  event: eventSchema,
  entities: entitiesSchema,
};

/** Catalogue and concert items share one id space: a bucket line names an item by id alone. */
export const noOverlappingIds: [
  (s: { catalogue: { id: number }[]; concert: { id: number }[] }) => boolean,
  { message: string; path: string[] },
] = [
  (s) => uniqueIds([...s.catalogue, ...s.concert]),
  { message: 'catalogue and concert ids must not overlap', path: ['concert'] },
];

/**
 * Where the day's exchange rates come from (decision 0040): a JSON feed answering
 * `{ "base": "USD", "date": "YYYY-MM-DD", "rates": { "CAD": 1.39, "GBP": 0.79 } }` (units of each
 * currency per one of the base, as Frankfurter and the ECB publish them). Unset: the treasurer
 * enters each day's rates in the back office.
 */
export const exchangeRatesSchema = z.object({
  /** The currency the report's totals are in. */
  homeCurrency: z.enum(CURRENCIES).default(DEFAULT_CURRENCY),
  feedUrl: z.url({ protocol: /^https?$/ }).optional(),
});
export type ExchangeRatesSettings = z.infer<typeof exchangeRatesSchema>;

export const siteSchema = z
  .object({
    foundation: foundationSchema,
    ...siteContentShape,
    entities: entitiesSchema.default(DEFAULT_ENTITIES),
    exchangeRates: exchangeRatesSchema.default({ homeCurrency: DEFAULT_CURRENCY }),
    giving: givingSchema.default({
      suggestedAmounts: [51, 101, 251, 501, 1116],
      coverFeesDefault: true,
      paymentMethods: [...DEFAULT_PAYMENT_METHODS],
    }),
    taxReceipts: taxReceiptsSchema.default({ numberPrefix: '' }),
    certificate: certificateSettingsSchema.default({ signatoryTitle: 'Authorised signatory' }),
    /** The event's sessions, seeded into the database once each (staff manage them from then on). */
    eventSessions: z.array(sessionSeedSchema).default([]),
    eventSettings: eventSettingsSchema.default({ offerHoldHours: 48, changeCutoffHours: 24, messagesPerMinute: 120 }),
  })
  .refine(...noOverlappingIds)
  .refine((s) => [...s.catalogue, ...s.concert].every((item) => currenciesWithoutValue(item).length === 0), {
    message: 'an item with seats or goods needs its fairMarketValues in each of its prices',
    path: ['concert'],
  })
  .refine(...centersHaveEntities);
export type Site = z.infer<typeof siteSchema>;

/** GET /api/public/catalogue */
export const catalogueResponseSchema = z.object({
  foundation: foundationSchema,
  items: z.array(catalogueItemSchema),
  concert: z.array(catalogueItemSchema),
  /** The event of /registration, so the page can say when and where it is. */
  event: eventSchema,
  giving: givingSchema,
  /** The countries the store takes gifts from, each with its currency (absent from older answers). */
  entities: z.array(publicEntitySchema).optional(),
});
export type CatalogueResponse = z.infer<typeof catalogueResponseSchema>;

/** GET /api/public/centers */
export const centersResponseSchema = z.object({ centers: z.array(centerSchema) });
export type CentersResponse = z.infer<typeof centersResponseSchema>;
