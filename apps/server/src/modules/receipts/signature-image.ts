/**
 * The authorized signature a CRA official receipt carries (site.json taxReceipts.canada
 * .signatureImage, a file next to site.json). Read once per file and kept: every Canadian receipt's
 * PDF draws it. main.ts reads it at start, so a missing file stops the server there, not a receipt.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { TaxReceipts } from '@store/shared/site';

const cache = new Map<string, Uint8Array>();

export class SignatureImageError extends Error {
  override name = 'SignatureImageError';
}

/** The image's bytes, or null when no Canadian receipts are set up. Throws when the file cannot be read. */
export function signatureImage(siteConfigPath: string, taxReceipts: TaxReceipts): Uint8Array | null {
  const name = taxReceipts.canada?.signatureImage;
  if (!name) return null;
  const file = resolve(dirname(siteConfigPath), name);
  let bytes = cache.get(file);
  if (!bytes) {
    try {
      bytes = new Uint8Array(readFileSync(file));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new SignatureImageError(`taxReceipts.canada.signatureImage could not be read (${file}): ${reason}`);
    }
    cache.set(file, bytes);
  }
  return bytes;
}
