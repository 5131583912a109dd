/**
 * A small strict CSV reader (RFC 4180: commas, double-quoted fields with "" inside, CRLF or LF, a
 * UTF-8 byte-order mark) for the completions upload. Each record keeps the line it starts on, so an
 * error names the line a spreadsheet shows. An unterminated quote is an error, never a guess.
 */
export type CsvRecord = { line: number; fields: string[] };
export type CsvReading = { ok: true; records: CsvRecord[] } | { ok: false; line: number; message: string };

export function readCsv(text: string): CsvReading {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let quoteLine = 1;
  let afterQuote = false;
  const endRecord = () => {
    fields.push(field);
    records.push({ line: recordLine, fields });
    fields = [];
    field = '';
    afterQuote = false;
  };
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i];
    if (quoted) {
      if (char === '"') {
        if (source[i + 1] === '"') {
          field += '"';
          i += 1;
        } else {
          quoted = false;
          afterQuote = true;
        }
      } else {
        if (char === '\n') line += 1;
        field += char;
      }
      continue;
    }
    if (char === '"') {
      if (field !== '' || afterQuote)
        return { ok: false, line, message: 'a quote (") inside a field that is not quoted' };
      quoted = true;
      quoteLine = line;
    } else if (char === ',') {
      fields.push(field);
      field = '';
      afterQuote = false;
    } else if (char === '\r' && source[i + 1] === '\n') {
      // The \n that follows ends the record.
    } else if (char === '\n' || char === '\r') {
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      if (afterQuote) return { ok: false, line, message: 'text after a closing quote' };
      field += char;
    }
  }
  if (quoted) return { ok: false, line: quoteLine, message: 'a quoted field is never closed' };
  if (field !== '' || fields.length > 0 || afterQuote) endRecord();
  return { ok: true, records: records.filter((record) => record.fields.some((value) => value.trim() !== '')) };
}
