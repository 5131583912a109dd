/**
 * What the checkout needs from the outside world beyond fetch: the captcha and the card widget.
 * Both load third-party code (a proof-of-work worker or Google's script; Braintree's Drop-in) that
 * cannot run in jsdom, so component tests provide test doubles through this context.
 */
import { createContext, useContext } from 'react';
import type { CaptchaClient } from '#src/lib/captcha/captcha-client';
import type { CreateCardWidget } from './card-widget';
import { createCardWidget } from './create-card-widget';

export type CheckoutServices = {
  loadCaptcha: () => Promise<CaptchaClient>;
  createCardWidget: CreateCardWidget;
};

export const defaultCheckoutServices: CheckoutServices = {
  // Lazy: the captcha loads only when a visitor reaches the checkout.
  loadCaptcha: () => import('#src/lib/captcha/load-captcha-client').then((m) => m.loadCaptchaClient()),
  createCardWidget,
};

export const CheckoutServicesContext = createContext<CheckoutServices>(defaultCheckoutServices);

export function useCheckoutServices(): CheckoutServices {
  return useContext(CheckoutServicesContext);
}
