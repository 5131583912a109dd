/**
 * GET /api/public/client-config: the captcha provider (with the reCAPTCHA site key) and the payment
 * gateway this server uses. Parsed with the schema the server answers with.
 */
import type { ClientConfig } from '@store/shared/client-config';
import { getJson } from './api-client';

export const CLIENT_CONFIG_PATH = '/api/public/client-config';

export function getClientConfig({ signal }: { signal?: AbortSignal } = {}): Promise<ClientConfig> {
  return getJson(CLIENT_CONFIG_PATH, () => import('@store/shared/client-config').then((m) => m.clientConfigSchema), {
    signal,
  });
}
