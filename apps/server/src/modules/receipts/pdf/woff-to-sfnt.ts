/**
 * WOFF 1.0 to a plain TrueType/OpenType font (W3C WOFF 1.0, sections 3–5): the same tables,
 * inflated once. fontkit reads WOFF but inflates a table each time it reads it, and a receipt reads
 * the glyph tables for every glyph it subsets: tiny-inflate was 90% of a receipt PDF's CPU (about
 * 80 ms each, bench/BENCHMARKS.md "Receipt PDFs"). Node's zlib inflates the font files once at start.
 */
import { inflateSync } from 'node:zlib';

const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'
const WOFF_HEADER = 44;
const WOFF_ENTRY = 20;
const SFNT_HEADER = 12;
const SFNT_ENTRY = 16;

const pad4 = (n: number) => (n + 3) & ~3;

export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.length < WOFF_HEADER || woff.readUInt32BE(0) !== WOFF_SIGNATURE) throw new Error('not a WOFF 1.0 font');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = WOFF_HEADER + i * WOFF_ENTRY;
    const tag = woff.readUInt32BE(at);
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const checksum = woff.readUInt32BE(at + 16);
    const stored = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(stored) : stored;
    if (data.length !== origLength)
      throw new Error(`WOFF table ${tag.toString(16)}: ${data.length} bytes, expected ${origLength}`);
    return { tag, checksum, data };
  }).sort((a, b) => a.tag - b.tag);

  const maxPower = 2 ** Math.floor(Math.log2(numTables));
  const size = SFNT_HEADER + numTables * SFNT_ENTRY + tables.reduce((sum, t) => sum + pad4(t.data.length), 0);
  const sfnt = Buffer.alloc(size);
  sfnt.writeUInt32BE(flavor, 0);
  sfnt.writeUInt16BE(numTables, 4);
  sfnt.writeUInt16BE(maxPower * 16, 6);
  sfnt.writeUInt16BE(Math.log2(maxPower), 8);
  sfnt.writeUInt16BE(numTables * 16 - maxPower * 16, 10);
  let offset = SFNT_HEADER + numTables * SFNT_ENTRY;
  tables.forEach((table, i) => {
    const at = SFNT_HEADER + i * SFNT_ENTRY;
    sfnt.writeUInt32BE(table.tag, at);
    sfnt.writeUInt32BE(table.checksum, at + 4);
    sfnt.writeUInt32BE(offset, at + 8);
    sfnt.writeUInt32BE(table.data.length, at + 12);
    table.data.copy(sfnt, offset);
    offset += pad4(table.data.length);
  });
  return sfnt;
}
