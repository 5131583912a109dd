/**
 * The family's certificates on their page: one download per person marked as having completed the
 * recitation. Nothing shows until someone is marked (before the event, that is everyone's case).
 */

import { type FamilyCertificates as Certificates, familyCertificatesSchema } from '@store/shared/certificates';
import { FAMILY_TOKEN_HEADER } from '@store/shared/family-registration';
import { useEffect, useState } from 'react';
import { getJson } from '#src/lib/api-client';
import { useLingui } from '#src/lib/i18n/use-lingui';

export const FAMILY_CERTIFICATES_PATH = '/api/public/registrations/yours/certificates';

export function certificatePdfUrl(token: string, registrantId: string): string {
  return `${FAMILY_CERTIFICATES_PATH}/${registrantId}.pdf?token=${encodeURIComponent(token)}`;
}

export function FamilyCertificates({ token }: { token: string }) {
  const { i18n } = useLingui();
  const [certificates, setCertificates] = useState<Certificates['certificates']>([]);
  useEffect(() => {
    const controller = new AbortController();
    getJson(FAMILY_CERTIFICATES_PATH, async () => familyCertificatesSchema, {
      signal: controller.signal,
      headers: { [FAMILY_TOKEN_HEADER]: token },
    }).then(
      (answer) => setCertificates(answer.certificates),
      // The page itself says what is wrong with a link; certificates are simply not listed then.
      () => undefined,
    );
    return () => controller.abort();
  }, [token]);
  if (certificates.length === 0) return null;
  return (
    <ul className="family-certificates">
      {certificates.map((person) => (
        <li key={person.registrantId}>
          <a className="button" href={certificatePdfUrl(token, person.registrantId)} download>
            {i18n._("Download {name}'s certificate", { name: person.firstName })}
          </a>
        </li>
      ))}
    </ul>
  );
}
