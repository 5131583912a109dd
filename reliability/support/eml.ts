/**
 * The parts and the subject of an .eml file the mail outbox wrote (nodemailer, multipart/alternative),
 * decoded from their transfer encodings. Enough MIME for our own messages, not a general parser.
 */

function decodeQuotedPrintable(text: string): Buffer {
  const softBreaksRemoved = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < softBreaksRemoved.length; i += 1) {
    const ch = softBreaksRemoved[i] ?? '';
    const hex = softBreaksRemoved.slice(i + 1, i + 3);
    if (ch === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** The decoded body of the message's `text/<subtype>` part. */
export function emlPart(eml: string, subtype: 'html' | 'plain'): string {
  // Every multipart level: a receipt with its PDF is multipart/mixed around multipart/alternative.
  const boundaries = [...eml.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((match) => match[1] ?? '');
  if (boundaries.length === 0) throw new Error('not a multipart message');
  for (const part of boundaries.flatMap((boundary) => eml.split(`--${boundary}`))) {
    const split = part.indexOf('\r\n\r\n');
    if (split === -1) continue;
    const headers = part.slice(0, split);
    if (!new RegExp(`content-type:\\s*text/${subtype}`, 'i').test(headers)) continue;
    const body = part.slice(split + 4);
    const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
    if (encoding === 'quoted-printable') return decodeQuotedPrintable(body).toString('utf8');
    if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    return body;
  }
  throw new Error(`no text/${subtype} part`);
}

export function emlHtmlPart(eml: string): string {
  return emlPart(eml, 'html');
}

/** The Subject header, unfolded, its RFC 2047 encoded words (=?UTF-8?Q|B?...?=) decoded. */
export function emlSubject(eml: string): string {
  const head = eml.slice(0, eml.indexOf('\r\n\r\n'));
  const folded = /^subject:(.*(?:\r\n[ \t].*)*)/im.exec(head)?.[1] ?? '';
  const unfolded = folded.replace(/\r\n[ \t]/g, ' ').trim();
  // Whitespace between two encoded words is not part of the text (RFC 2047 §6.2).
  return unfolded
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
    );
}
