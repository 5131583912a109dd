/**
 * The plain-text part of a short notice: "Dear <name>,", its paragraphs a blank line apart, and the
 * foundation's name and address as the signature, ending with a newline as mail text should. The
 * greeting in the reader's language (`locale`; unset, English); the paragraphs arrive worded.
 */
import type { Locale } from '@store/shared/i18n/locales';
import { dearLine } from './email-layout';

export function plainLetter(
  greeting: string,
  paragraphs: readonly string[],
  signature: { foundationName: string; foundationUrl: string },
  locale: Locale = 'en',
): string {
  const body = paragraphs.flatMap((paragraph) => [paragraph, '']);
  return `${[dearLine(greeting, locale), '', ...body, signature.foundationName, signature.foundationUrl].join('\n')}\n`;
}
