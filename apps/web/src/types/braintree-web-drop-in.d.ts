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

  export type PaymentOption = 'card' | 'paypal' | 'paypalCredit' | 'venmo' | 'applePay' | 'googlePay';

  export interface Dropin {
    requestPaymentMethod(): Promise<PaymentMethodPayload>;
    isPaymentMethodRequestable(): boolean;
    clearSelectedPaymentMethod(): void;
    teardown(): Promise<void>;
    /** Which payment option the donor opened ('paymentOptionSelected'). */
    on(event: 'paymentOptionSelected', handler: (event: { paymentOption: PaymentOption }) => void): void;
    /** Changes a wallet's option after creation, e.g. the PayPal amount when the total changes. */
    updateConfiguration(
      property: 'paypal' | 'paypalCredit' | 'applePay' | 'googlePay',
      key: string,
      value: unknown,
    ): void;
  }

  /** PayPal's and PayPal Credit's options (braintree-web's PayPal Checkout createPayment options). */
  export type PayPalOptions =
    | { flow: 'checkout'; amount: string; currency: string }
    | { flow: 'vault'; amount?: string; currency?: string; billingAgreementDescription?: string };

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
    paymentOptionPriority?: PaymentOption[];
    paypal?: PayPalOptions;
    paypalCredit?: PayPalOptions;
    /** Venmo's options; `allowNewBrowserTab: false` keeps a desktop donor in the page's own tab. */
    venmo?: { allowNewBrowserTab?: boolean };
    applePay?: {
      displayName: string;
      paymentRequest: { total: { label: string; amount: string }; requiredBillingContactFields?: string[] };
    };
    googlePay?: {
      merchantId?: string;
      transactionInfo: { totalPriceStatus: 'FINAL'; totalPrice: string; currencyCode: string };
    };
  };

  const dropin: {
    create(options: CreateOptions): Promise<Dropin>;
    VERSION: string;
  };
  export default dropin;
}
