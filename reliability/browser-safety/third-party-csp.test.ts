/**
 * The strict policy still lets the card widget and the captcha load when they are configured
 * (issue 7), proved in Chromium: on the site's own page, under the policy the server sends for
 * Braintree (sandbox and production) and for reCAPTCHA, the page makes the requests those libraries
 * make (script, card iframe, stylesheet, client API, GraphQL, analytics: the URLs are read from the
 * braintree-web package the Drop-in bundles, so a new version's hosts are checked too). Those hosts
 * are answered locally (no network here); the browser applies the policy before any request leaves.
 * Each must load without a violation, and a host nobody configured must be blocked.
 */

import { createRequire } from 'node:module';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp } from '../../apps/server/test/build-test-app';
import { describeWithDb } from '../../apps/server/test/test-db';
import { launchChromium } from '../../e2e/support/browser';
import { builtWebDist } from '../fuzz/fuzz-target';
import { watchedPage } from '../support/chromium';
import { recordFigures } from '../support/figures';

const braintreeConstants = z
  .object({
    VERSION: z.string(),
    CLIENT_API_URLS: z.object({ production: z.string(), sandbox: z.string() }),
    GRAPHQL_URLS: z.object({ production: z.string(), sandbox: z.string() }),
    ASSETS_URLS: z.object({ production: z.string(), sandbox: z.string() }),
    ANALYTICS_URL: z.string(),
  })
  .parse(createRequire(import.meta.url)('braintree-web/lib/constants'));
const dropInVersion = z
  .object({ version: z.string() })
  .parse(createRequire(import.meta.url)('braintree-web-drop-in/package.json')).version;

type Load = { kind: 'script' | 'frame' | 'style' | 'fetch'; url: string };

function braintreeLoads(environment: 'production' | 'sandbox'): Load[] {
  const c = braintreeConstants;
  const assets = c.ASSETS_URLS[environment];
  return [
    { kind: 'script', url: `https://js.braintreegateway.com/web/${c.VERSION}/js/hosted-fields.min.js` },
    { kind: 'frame', url: `${assets}/web/${c.VERSION}/html/hosted-fields-frame.min.html` },
    { kind: 'style', url: `${assets}/web/dropin/${dropInVersion}/css/dropin.css` },
    { kind: 'fetch', url: `${c.CLIENT_API_URLS[environment]}/merchants/merchant/client_api/v1/configuration` },
    { kind: 'fetch', url: c.GRAPHQL_URLS[environment] },
    { kind: 'fetch', url: c.ANALYTICS_URL },
  ];
}

const RECAPTCHA_LOADS: Load[] = [
  { kind: 'script', url: 'https://www.google.com/recaptcha/api.js?render=site-key' },
  { kind: 'script', url: 'https://www.gstatic.com/recaptcha/releases/abc123/recaptcha__en.js' },
  { kind: 'frame', url: 'https://www.google.com/recaptcha/api2/anchor?k=site-key&size=invisible' },
  { kind: 'frame', url: 'https://recaptcha.google.com/recaptcha/api2/bframe?k=site-key' },
];

const UNCONFIGURED: Load[] = [
  { kind: 'script', url: 'https://evil.example/steal.js' },
  { kind: 'fetch', url: 'https://evil.example/collect' },
];

const BRAINTREE_ENV = {
  PAYMENT_GATEWAY: 'braintree',
  BRAINTREE_MERCHANT_ID: 'merchant',
  BRAINTREE_PUBLIC_KEY: 'public',
  BRAINTREE_PRIVATE_KEY: 'private',
};

const CONFIGS: { name: string; env: Record<string, string>; loads: Load[] }[] = [
  {
    name: 'Braintree sandbox',
    env: { ...BRAINTREE_ENV, BRAINTREE_ENVIRONMENT: 'sandbox' },
    loads: braintreeLoads('sandbox'),
  },
  {
    name: 'Braintree production',
    env: { ...BRAINTREE_ENV, BRAINTREE_ENVIRONMENT: 'production' },
    loads: braintreeLoads('production'),
  },
  {
    name: 'reCAPTCHA v3',
    env: { CAPTCHA_PROVIDER: 'recaptcha', RECAPTCHA_SITE_KEY: 'site-key', RECAPTCHA_SECRET_KEY: 'secret-key' },
    loads: RECAPTCHA_LOADS,
  },
];

/** Runs in the page: makes one load the way the library would, and says whether it completed. */
function attempt(load: Load): Promise<boolean> {
  return new Promise((resolve) => {
    if (load.kind === 'fetch') {
      fetch(load.url, { method: 'POST', mode: 'no-cors', body: '{}' }).then(
        () => resolve(true),
        () => resolve(false),
      );
      return;
    }
    const element =
      load.kind === 'script'
        ? Object.assign(document.createElement('script'), { src: load.url })
        : load.kind === 'style'
          ? Object.assign(document.createElement('link'), { rel: 'stylesheet', href: load.url })
          : Object.assign(document.createElement('iframe'), { src: load.url });
    element.addEventListener('load', () => resolve(true));
    element.addEventListener('error', () => resolve(false));
    document.body.append(element);
    // A blocked frame may fire neither event: the violation is what tells.
    setTimeout(() => resolve(false), 5_000);
  });
}

describeWithDb('third-party loads under the Content-Security-Policy', () => {
  let browser: Browser;
  const figures: Record<string, unknown> = {};
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    recordFigures('third-party-csp', figures);
    await browser?.close();
  });

  for (const config of CONFIGS) {
    it(`${config.name}: loads what the library loads, without a violation, and blocks a host nobody configured`, async () => {
      const webDist = builtWebDist();
      const t = await buildTestApp({ env: { ...config.env, ...(webDist ? { WEB_DIST: webDist } : {}) } });
      const context = await browser.newContext();
      try {
        await t.app.listen({ host: '127.0.0.1', port: 0 });
        const address = t.app.server.address();
        if (typeof address !== 'object' || address === null) throw new Error('the app is not listening');
        // The providers' hosts, answered here: no request leaves the machine.
        await context.route(/^https:\/\//, (route) =>
          route.fulfill({
            status: 200,
            headers: { 'access-control-allow-origin': '*' },
            contentType: route.request().resourceType() === 'script' ? 'text/javascript' : 'text/plain',
            body: route.request().resourceType() === 'document' ? '<!doctype html><title>frame</title>' : '',
          }),
        );
        const { page, violations } = await watchedPage(context);
        await page.goto(`http://127.0.0.1:${address.port}/`);
        const loaded: Record<string, boolean> = {};
        for (const load of config.loads) loaded[load.url] = await page.evaluate(attempt, load);
        const allowedViolations = await violations();
        for (const load of UNCONFIGURED) loaded[load.url] = await page.evaluate(attempt, load);
        const blocked = (await violations()).slice(allowedViolations.length);
        figures[config.name] = { loaded, violations: allowedViolations, blockedControls: blocked.length };

        expect(allowedViolations, 'violations for the configured provider').toEqual([]);
        for (const load of config.loads.filter((l) => l.kind !== 'frame'))
          expect(loaded[load.url], load.url).toBe(true);
        expect(blocked.length, 'the unconfigured host is blocked').toBeGreaterThanOrEqual(UNCONFIGURED.length);
        for (const load of UNCONFIGURED) expect(loaded[load.url], load.url).toBe(false);
      } finally {
        await context.close();
        await t.close();
      }
    });
  }
});
