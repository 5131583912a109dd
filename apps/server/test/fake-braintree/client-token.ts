/**
 * POST /merchants/:id/client_token. The real gateway answers `<client-token><value>` holding base64
 * JSON (version 2) that the browser's Drop-in decodes to find its configuration URL. The fake
 * makes one of the same shape, so a test can decode it, but serves no client API behind it.
 */
import { randomBytes } from 'node:crypto';
import { element, leaf, xmlDocument } from './xml';

export function clientTokenResponse(baseUrl: string, merchantId: string): string {
  const clientApiUrl = `${baseUrl}/merchants/${merchantId}/client_api`;
  const token = {
    version: 2,
    authorizationFingerprint: randomBytes(32).toString('hex'),
    configUrl: `${clientApiUrl}/v1/configuration`,
    clientApiUrl,
    environment: 'development',
    merchantId,
    challenges: [],
    threeDSecureEnabled: false,
    paypalEnabled: false,
  };
  const value = Buffer.from(JSON.stringify(token)).toString('base64');
  return xmlDocument(element('client-token', [leaf('value', value)]));
}
