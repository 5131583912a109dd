import { describe, expect, it } from 'vitest';
import { loadConfig } from '#src/config';
import type { Database } from '#src/db/client';
import { createGateway } from './create-gateway';

// Creating a gateway talks to nothing: no database or network is needed to pick one.
const db = {} as Database;
const secrets = { session: 'x'.repeat(32), ticketSigning: 'x'.repeat(43) };

describe('createGateway', () => {
  it('is the sandbox without Braintree credentials', async () => {
    const gateway = await createGateway({ config: loadConfig({}), db, secrets });
    expect(gateway.name).toBe('sandbox');
  });

  it('is Braintree when its credentials are set', async () => {
    const config = loadConfig({
      BRAINTREE_ENVIRONMENT: 'sandbox',
      BRAINTREE_MERCHANT_ID: 'm',
      BRAINTREE_PUBLIC_KEY: 'p',
      BRAINTREE_PRIVATE_KEY: 'k',
    });
    const gateway = await createGateway({ config, db, secrets });
    expect(gateway.name).toBe('braintree');
  });
});
