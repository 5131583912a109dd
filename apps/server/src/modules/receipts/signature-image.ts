/**
 * The authorized signatures: the one a CRA official receipt carries (site.json taxReceipts.canada
 * .signatureImage) and the certificates' (certificate.signatureImage), files next to site.json.
 * Read once per file and kept: every such PDF draws it. main.ts reads them at start, so a missing
 * file stops the server there, not a receipt or a certificate later.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { CertificateSettings, TaxReceipts } from '@store/shared/site';

const cache = new Map<string, Uint8Array>();

export class SignatureImageError extends Error {
  override name = 'SignatureImageError';
}

/** The image's bytes, or null when no Canadian receipts are set up. Throws when the file cannot be read. */
export function signatureImage(siteConfigPath: string, taxReceipts: TaxReceipts): Uint8Array | null {
  return imageBesideSite(siteConfigPath, taxReceipts.canada?.signatureImage, 'taxReceipts.canada.signatureImage');
}

/**
 * The certificates' signature (site.json certificate.signatureImage): the signatory of the
 * certificates may not be the Canadian receipts' one, so it is a file of its own; null when unset.
 */
export function certificateSignatureImage(siteConfigPath: string, certificate: CertificateSettings): Uint8Array | null {
  return imageBesideSite(siteConfigPath, certificate.signatureImage, 'certificate.signatureImage');
}

/** A file named in site.json, next to it: read once and kept; `setting` names it in the error. */
function imageBesideSite(siteConfigPath: string, name: string | undefined, setting: string): Uint8Array | null {
  if (!name) return null;
  const file = resolve(dirname(siteConfigPath), name);
  let bytes = cache.get(file);
  if (!bytes) {
    try {
      bytes = new Uint8Array(readFileSync(file));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new SignatureImageError(`${setting} could not be read (${file}): ${reason}`);
    }
    cache.set(file, bytes);
  }
  return bytes;
}
