/**
 * PostgreSQL's COPY ends CSV records with LF; RFC 4180 (and Excel) want CRLF. A line break inside a
 * quoted field is data and stays as it is, so this follows the quotes: in CSV a `"` only ever
 * appears inside a quoted field (doubled, which toggles twice), so the parity of the quotes seen
 * says whether an LF ends a record. The state carries over chunk boundaries (COPY's 64 kB chunks cut
 * records anywhere).
 */
const QUOTE = 0x22;
const LF = 0x0a;
const CRLF = Buffer.from('\r\n');

export type LineEndState = { inQuotes: boolean };

export function toCrlf(chunk: Buffer, state: LineEndState): Buffer {
  const parts: Buffer[] = [];
  let start = 0;
  let at = 0;
  for (;;) {
    const lf = chunk.indexOf(LF, at);
    const end = lf === -1 ? chunk.length : lf;
    // Quotes between here and the next LF (native indexOf: most records have none or two).
    for (let q = chunk.indexOf(QUOTE, at); q !== -1 && q < end; q = chunk.indexOf(QUOTE, q + 1)) {
      state.inQuotes = !state.inQuotes;
    }
    if (lf === -1) break;
    if (!state.inQuotes) {
      parts.push(chunk.subarray(start, lf), CRLF);
      start = lf + 1;
    }
    at = lf + 1;
  }
  if (start === 0) return chunk;
  parts.push(chunk.subarray(start));
  return Buffer.concat(parts);
}

export async function* crlfLines(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const state: LineEndState = { inQuotes: false };
  for await (const chunk of chunks) yield toCrlf(chunk, state);
}
