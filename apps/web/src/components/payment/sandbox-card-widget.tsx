/**
 * Mounts the sandbox payment form (the card form, and the wallets when the site enables them)
 * into the widget container as its own React root, the way the Drop-in takes over its container, so
 * the page drives both gateways through the same CardWidget interface.
 */
import { createRoot } from 'react-dom/client';
import type { CardWidget, PaymentChoices } from './card-widget';
import { SandboxPaymentForm, type SandboxPaymentFormHandle } from './sandbox-payment-form';

export function createSandboxCardWidget(
  container: HTMLElement,
  clientToken: string,
  choices?: PaymentChoices,
): Promise<CardWidget> {
  // A prefix of its own: useId values of two roots on one page would otherwise collide.
  const root = createRoot(container, { identifierPrefix: 'sandbox-card-' });
  let form: SandboxPaymentFormHandle | null = null;

  return new Promise((resolve) => {
    const widget: CardWidget = {
      requestNonce() {
        return form ? form.requestNonce() : Promise.reject(new Error('The card form is not mounted.'));
      },
      showErrors() {
        form?.showErrors();
      },
      suggestCardholderName(name) {
        form?.suggestCardholderName(name);
      },
      chosenMethod() {
        return form?.chosenMethod() ?? 'card';
      },
      async teardown() {
        form = null;
        root.unmount();
      },
    };
    // Ready once React has committed the form and handed over its handle.
    const onHandle = (handle: SandboxPaymentFormHandle | null) => {
      form = handle;
      if (handle) resolve(widget);
    };
    root.render(
      <SandboxPaymentForm
        clientToken={clientToken}
        methods={choices?.methods}
        monthly={choices?.monthly}
        ref={onHandle}
      />,
    );
  });
}
