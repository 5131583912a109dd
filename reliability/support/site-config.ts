/**
 * A variant of config/site.json for a server child process (SITE_CONFIG): written to `dir` with the
 * files it names beside it (the CRA signature image, issue 20), as an operator's folder would be.
 */
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Site } from '@store/shared/site';
import { REPO_ROOT } from './server-process';

/** Writes `dir/site.json`; answers its path. */
export function writeSiteConfig(dir: string, site: Site): string {
  const file = join(dir, 'site.json');
  writeFileSync(file, JSON.stringify(site));
  const signature = site.taxReceipts.canada?.signatureImage;
  if (signature) copyFileSync(join(REPO_ROOT, 'config', signature), join(dir, signature));
  return file;
}
