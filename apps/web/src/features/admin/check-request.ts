/**
 * The form's request checked with the shared schema the server uses (one rule, both sides): the
 * request, or a message per field, keyed as the server keys its `error.fields` (dot-joined path).
 */
import type { z } from 'zod';

export type FieldErrors = Readonly<Record<string, string>>;

export function checkRequest<T>(
  schema: z.ZodType<T>,
  value: unknown,
): { ok: true; data: T } | { ok: false; fields: FieldErrors } {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, data: parsed.data };
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.')] ??= issue.message;
  return { ok: false, fields };
}

/**
 * A field's error as a sentence: most of the schemas' messages continue the field's name ('is
 * required', 'must be more than 0'), so they are read after the label; others ('a volunteer needs
 * a center') stand alone.
 */
export function fieldError(fields: FieldErrors, name: string, label: string): string | undefined {
  const message = fields[name];
  if (message === undefined) return undefined;
  const sentence = CONTINUES_LABEL.test(message)
    ? `${label} ${message}`
    : message.replace(/^[a-z]/, (c) => c.toUpperCase());
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

/** 'is required', 'must be more than 0', 'may use letters…': said of the field. */
const CONTINUES_LABEL = /^(is|must|may|has|are|should|cannot|can)\b/;
