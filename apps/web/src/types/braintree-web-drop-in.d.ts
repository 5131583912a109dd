/**
 * The part of braintree-web-drop-in's API this app uses (the package ships no types). See
 * https://braintree.github.io/braintree-web-drop-in/docs/current/module-braintree-web-drop-in.html
 */
declare module 'braintree-web-drop-in' {
  export type PaymentMethodPayload = {
    nonce: string;
    type: string;
    details: Record<string, unknown>;
    description?: string;
    deviceData?: string;
  };

  export interface Dropin {
    requestPaymentMethod(): Promise<PaymentMethodPayload>;
    isPaymentMethodRequestable(): boolean;
    clearSelectedPaymentMethod(): void;
    teardown(): Promise<void>;
  }

  export type CreateOptions = {
    authorization: string;
    container: HTMLElement | string;
    locale?: string;
    card?:
      | false
      | {
          cardholderName?: boolean | { required?: boolean };
          vault?: { allowVaultCardOverride?: boolean; vaultCard?: boolean };
        };
    vaultManager?: boolean;
    paymentOptionPriority?: ('card' | 'paypal' | 'paypalCredit' | 'venmo' | 'applePay' | 'googlePay')[];
  };

  const dropin: {
    create(options: CreateOptions): Promise<Dropin>;
    VERSION: string;
  };
  export default dropin;
}
