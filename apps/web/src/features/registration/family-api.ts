/**
 * The family page's calls: the token goes in the x-family-token header, never in the URL, so it
 * stays out of the server's access logs. Each change answers with the registration as it now stands.
 */
import {
  FAMILY_TOKEN_HEADER,
  type FamilyRegistration,
  type lostLinkResponseSchema,
} from '@store/shared/family-registration';
import type { RegistrantInput } from '@store/shared/registration';
import type { z } from 'zod';
import { getJson, sendJson } from '#src/lib/api-client';
import { type CaptchaToken, captchaHeaders } from '#src/lib/captcha/captcha-client';

export const FAMILY_PATH = '/api/public/registrations/yours';
export const LOST_LINK_PATH = '/api/public/registrations/lost-link';
/** Built by the tickets module; the PDF link is followed by the browser, so its token is in the query. */
export const TICKETS_PDF_PATH = '/api/public/registrations/tickets.pdf';

const familySchema = async () => (await import('@store/shared/family-registration')).familyRegistrationSchema;

const headers = (token: string) => ({ [FAMILY_TOKEN_HEADER]: token });

export function getFamily(token: string, signal?: AbortSignal): Promise<FamilyRegistration> {
  return getJson(FAMILY_PATH, familySchema, { signal, headers: headers(token) });
}

export function patchRegistrant(token: string, position: number, body: RegistrantInput): Promise<FamilyRegistration> {
  return sendJson(`${FAMILY_PATH}/registrants/${position}`, body, familySchema, {
    method: 'PATCH',
    headers: headers(token),
  });
}

export function cancelRegistrant(token: string, position: number): Promise<FamilyRegistration> {
  return sendJson(`${FAMILY_PATH}/registrants/${position}/cancel`, {}, familySchema, { headers: headers(token) });
}

export function cancelAll(token: string): Promise<FamilyRegistration> {
  return sendJson(`${FAMILY_PATH}/cancel`, {}, familySchema, { headers: headers(token) });
}

export function moveFamily(token: string, sessionId: number): Promise<FamilyRegistration> {
  return sendJson(`${FAMILY_PATH}/move`, { sessionId }, familySchema, { headers: headers(token) });
}

export function postLostLink(email: string, captcha: CaptchaToken): Promise<z.infer<typeof lostLinkResponseSchema>> {
  return sendJson(
    LOST_LINK_PATH,
    { email },
    async () => (await import('@store/shared/family-registration')).lostLinkResponseSchema,
    { headers: captchaHeaders(captcha) },
  );
}

export function ticketsPdfUrl(token: string): string {
  return `${TICKETS_PDF_PATH}?token=${encodeURIComponent(token)}`;
}
