/**
 * The plain-text part of a short notice: "Dear <name>,", its paragraphs a blank line apart, and the
 * foundation's name and address as the signature, ending with a newline as mail text should.
 */
export function plainLetter(
  greeting: string,
  paragraphs: readonly string[],
  signature: { foundationName: string; foundationUrl: string },
): string {
  const body = paragraphs.flatMap((paragraph) => [paragraph, '']);
  return `${[`Dear ${greeting},`, '', ...body, signature.foundationName, signature.foundationUrl].join('\n')}\n`;
}
