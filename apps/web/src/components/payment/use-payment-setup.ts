/**
 * SPEC.md §4 "Checkout" step 1: once the captcha is ready, fetch a client token (captcha action
 * payment_token) and build the card widget from it, tearing down a previously built one first.
 * Also the two recoveries SPEC.md §2 offers: 'Retry Initialization' (everything again) and
 * 'Reload Payment UI' (a new widget from the same token).
 */
import { i18n } from '@lingui/core';
import { type ClientTokenResponse, checkoutMessages } from '@store/shared/checkout';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import type { CaptchaClient, CaptchaToken } from '#src/lib/captcha/captcha-client';
import type { CardWidget, CardWidgetOptions, PaymentChoices } from './card-widget';
import { useCheckoutServices } from './checkout-services';
import { checkoutToast } from './checkout-toast';
import { getClientToken } from './get-client-token';

export type PaymentSetupStatus =
  /** Captcha, client token or widget on its way. */
  | 'loading'
  /** The captcha did not load or gave no token: 'Captcha not ready yet.' */
  | 'captcha-failed'
  /** No client token: 'Could not initialize payment. Check captcha/site key and network.' */
  | 'token-failed'
  /** The widget did not build: 'Payment UI not ready'. */
  | 'widget-failed'
  | 'ready';

export type PaymentSetup = {
  status: PaymentSetupStatus;
  /** The ready captcha, or null. Refs, not state: the submit handler reads them when it runs. */
  captcha: RefObject<CaptchaClient | null>;
  widget: RefObject<CardWidget | null>;
  /** The server's gateway, once a client token has said it (null before): the page names a test store. */
  gateway: ClientTokenResponse['gateway'] | null;
  retryInitialization: () => void;
  reloadWidget: () => void;
};

/**
 * `choices`: read when a widget is built, so the widget offers the site's methods for the
 * bucket as it is then; absent, the card alone.
 */
export function usePaymentSetup(
  container: RefObject<HTMLElement | null>,
  choices?: () => PaymentChoices,
): PaymentSetup {
  const services = useCheckoutServices();
  // A ref, so a new function on each render neither rebuilds the widget nor goes stale.
  const choicesRef = useRef(choices);
  choicesRef.current = choices;
  const [status, setStatus] = useState<PaymentSetupStatus>('loading');
  const [gateway, setGateway] = useState<PaymentSetup['gateway']>(null);
  const captcha = useRef<CaptchaClient | null>(null);
  const widget = useRef<CardWidget | null>(null);
  const token = useRef<CardWidgetOptions | null>(null);
  // Each (re)initialisation gets a number; an answer that arrives for an older one is dropped.
  const run = useRef(0);
  // Widget work runs one step at a time, so two widgets never share the container.
  const widgetQueue = useRef<Promise<void>>(Promise.resolve());

  const enqueue = useCallback((step: () => Promise<void>) => {
    widgetQueue.current = widgetQueue.current.then(step, step);
    return widgetQueue.current;
  }, []);

  const teardownWidget = useCallback(async () => {
    const current = widget.current;
    widget.current = null;
    // A widget that fails to tear down must not keep the page from building a new one.
    await current?.teardown().catch(() => {});
  }, []);

  const buildWidget = useCallback(
    (runId: number, options: CardWidgetOptions) =>
      enqueue(async () => {
        await teardownWidget();
        const element = container.current;
        if (runId !== run.current || !element) return;
        try {
          const built = await services.createCardWidget(element, options, choicesRef.current?.());
          if (runId !== run.current) return void (await built.teardown().catch(() => {}));
          widget.current = built;
          setStatus('ready');
        } catch {
          if (runId !== run.current) return;
          checkoutToast.error(i18n._(checkoutMessages.widgetFailed));
          setStatus('widget-failed');
        }
      }),
    [container, enqueue, services, teardownWidget],
  );

  const initialize = useCallback(async () => {
    const runId = ++run.current;
    setStatus('loading');
    token.current = null;
    let client = captcha.current;
    if (!client) {
      try {
        client = await services.loadCaptcha();
      } catch {
        if (runId === run.current) setStatus('captcha-failed');
        return;
      }
      // Kept even for an outdated run: a loaded captcha is good for every later one.
      captcha.current = client;
      if (runId !== run.current) return;
    }
    let captchaToken: CaptchaToken;
    try {
      captchaToken = await client.execute('payment_token');
    } catch {
      // A captcha that loaded but cannot answer (its challenge endpoint blocked, a solve that timed
      // out) is as unavailable as one that did not load: SPEC.md §8's 'Captcha not ready yet.'.
      if (runId === run.current) setStatus('captcha-failed');
      return;
    }
    if (runId !== run.current) return;
    let options: CardWidgetOptions;
    try {
      options = await getClientToken(captchaToken);
    } catch {
      if (runId !== run.current) return;
      checkoutToast.error(i18n._(checkoutMessages.initFailedToast));
      setStatus('token-failed');
      return;
    }
    if (runId !== run.current) return;
    token.current = options;
    setGateway(options.gateway);
    await buildWidget(runId, options);
  }, [buildWidget, services]);

  const retryInitialization = useCallback(() => void initialize(), [initialize]);

  const reloadWidget = useCallback(() => {
    const options = token.current;
    if (!options) return void initialize();
    setStatus('loading');
    void buildWidget(++run.current, options);
  }, [buildWidget, initialize]);

  useEffect(() => {
    void initialize();
    return () => {
      run.current++;
      void enqueue(teardownWidget);
    };
  }, [enqueue, initialize, teardownWidget]);

  return { status, captcha, widget, gateway, retryInitialization, reloadWidget };
}
