/**
 * GET /api/public/client-config: what the browser must know about the server's set-up before it
 * loads a captcha or a card widget. The server answers with this schema and the web parses with it.
 */
import { z } from 'zod';

export const CAPTCHA_PROVIDERS = ['altcha', 'recaptcha', 'off'] as const;
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number];

export const PAYMENT_GATEWAYS = ['sandbox', 'braintree'] as const;
export type PaymentGatewayName = (typeof PAYMENT_GATEWAYS)[number];

export const clientConfigSchema = z.object({
  captcha: z.discriminatedUnion('provider', [
    z.object({ provider: z.literal('altcha') }),
    // The site key is public by design: it goes into the page's script URL.
    z.object({ provider: z.literal('recaptcha'), siteKey: z.string().min(1) }),
    z.object({ provider: z.literal('off') }),
  ]),
  paymentGateway: z.enum(PAYMENT_GATEWAYS),
  /** Base of the auth server's calls (SPEC.md §7): `/auth` on this origin unless AUTH_BASE_URL moves it. */
  authBaseUrl: z.string(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
