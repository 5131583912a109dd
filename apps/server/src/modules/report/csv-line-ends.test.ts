import { describe, expect, it } from 'vitest';
import { crlfLines, toCrlf } from './csv-line-ends';

async function convert(chunks: string[]): Promise<string> {
  async function* source() {
    for (const chunk of chunks) yield Buffer.from(chunk);
  }
  const out: Buffer[] = [];
  for await (const part of crlfLines(source())) out.push(part);
  return Buffer.concat(out).toString();
}

describe('CSV line ends', () => {
  it('ends records with CRLF and leaves line breaks inside quoted fields alone', async () => {
    expect(await convert(['a,b\nc,"line one\nline two"\n"x ""y""",z\n'])).toBe(
      'a,b\r\nc,"line one\nline two"\r\n"x ""y""",z\r\n',
    );
  });

  it('carries the quote state across chunks cut anywhere', async () => {
    const csv = 'name,"Dallas Center, Texas"\n"a\nb","say ""hi"""\nlast,1\n';
    const expected = 'name,"Dallas Center, Texas"\r\n"a\nb","say ""hi"""\r\nlast,1\r\n';
    for (let cut = 0; cut <= csv.length; cut++) {
      expect(await convert([csv.slice(0, cut), csv.slice(cut)])).toBe(expected);
    }
    expect(await convert(csv.split(''))).toBe(expected);
  });

  it('returns a chunk without record ends as it is', () => {
    const chunk = Buffer.from('no line end here');
    expect(toCrlf(chunk, { inQuotes: false })).toBe(chunk);
  });
});
