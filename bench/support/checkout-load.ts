/**
 * What a checkout load needs: single-use sandbox nonces made beforehand (as the browser's card form
 * makes one per payment, at the sandbox tokenizer), and the checkout body the load sends with them.
 * Nonces are made through the API, never by opening the server's database (PGlite takes one
 * connection, and the bench must not write behind the server's back anyway).
 */
import type { CheckoutRequest } from '@store/shared/checkout';
import { BOOK, checkoutBody, openAmount, validCard } from '../../apps/server/test/checkout-helpers';

/** A bucket of a book (2 x $5) and a $25 donation: $35, approved by the sandbox's test card. */
export function checkoutTemplate(): Omit<CheckoutRequest, 'nonce'> {
  const { nonce: _none, ...body } = checkoutBody('', [BOOK, openAmount(8, 25)], 'bench-donor@example.org');
  return body;
}

async function clientToken(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/public/payment/token`);
  if (!res.ok) throw new Error(`payment token: ${res.status} ${await res.text()} (is CAPTCHA_PROVIDER=off?)`);
  const { clientToken: token } = (await res.json()) as { clientToken: string };
  return token;
}

/** `count` approving nonces, made `parallel` at a time. */
export async function mintNonces(baseUrl: string, count: number, parallel = 16): Promise<string[]> {
  const token = await clientToken(baseUrl);
  const body = JSON.stringify(validCard());
  const nonces: string[] = [];
  let next = 0;
  async function lane(): Promise<void> {
    while (next < count) {
      next++;
      const res = await fetch(`${baseUrl}/api/public/payment/sandbox/tokenize`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body,
      });
      if (!res.ok) throw new Error(`tokenize: ${res.status} ${await res.text()}`);
      nonces.push(((await res.json()) as { nonce: string }).nonce);
    }
  }
  await Promise.all(Array.from({ length: parallel }, lane));
  return nonces;
}
