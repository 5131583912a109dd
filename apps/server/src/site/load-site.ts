/**
 * Loads config/site.json (catalogue, concert tiers, centers, event) once at start.
 * A foundation volunteer edits this file by hand, so every problem is reported at once, by field path,
 * and the server refuses to start rather than serve a half-valid catalogue.
 */
import { readFileSync } from 'node:fs';
import { isAbsolute, relative } from 'node:path';
import { type Site, siteSchema } from '@store/shared/site';
import type { z } from 'zod';

export class SiteConfigError extends Error {
  override name = 'SiteConfigError';
}

/** The path as the operator would type it: relative to the current directory when it is below it. */
export function displayPath(file: string, cwd = process.cwd()): string {
  const rel = relative(cwd, file);
  return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? file : rel;
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    .join('; ');
}

/** Parses already-read text; split out so tests need no files. */
export function parseSite(text: string, label: string): Site {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new SiteConfigError(`${label} is not valid JSON: ${reason}`);
  }
  const parsed = siteSchema.safeParse(json);
  if (!parsed.success) throw new SiteConfigError(`${label} is invalid: ${describeIssues(parsed.error)}`);
  return parsed.data;
}

export function loadSite(file: string): Site {
  const label = displayPath(file);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new SiteConfigError(`${label} could not be read: ${reason}`);
  }
  return parseSite(text, label);
}
