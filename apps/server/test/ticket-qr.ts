/**
 * The QR codes of a tickets PDF as a phone camera would read them: each page's embedded image taken
 * from pdf.js's operator list (the decoded pixels the PDF carries, not a re-render), turned to RGBA
 * and read with jsqr. Returns one decoded text per image, in page order. The e2e specs use it on
 * the PDFs a family downloads or receives.
 */
import jsQR from 'jsqr';
import { getDocument, ImageKind, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

type DecodedImage = { width: number; height: number; kind: number; data: Uint8Array | Uint8ClampedArray };

function isDecodedImage(value: unknown): value is DecodedImage {
  return typeof value === 'object' && value !== null && 'width' in value && 'height' in value && 'data' in value;
}

function rgbaOf(image: DecodedImage): Uint8ClampedArray {
  const { width, height, kind, data } = image;
  const out = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    let value: [number, number, number];
    if (kind === ImageKind.RGBA_32BPP) value = [data[i * 4] ?? 0, data[i * 4 + 1] ?? 0, data[i * 4 + 2] ?? 0];
    else if (kind === ImageKind.RGB_24BPP) value = [data[i * 3] ?? 0, data[i * 3 + 1] ?? 0, data[i * 3 + 2] ?? 0];
    else {
      // 1 bit per pixel, rows padded to whole bytes; a set bit is white.
      const rowBytes = Math.ceil(width / 8);
      const x = i % width;
      const byte = data[Math.floor(i / width) * rowBytes + (x >> 3)] ?? 0;
      const on = (byte >> (7 - (x & 7))) & 1 ? 255 : 0;
      value = [on, on, on];
    }
    out.set([...value, 255], i * 4);
  }
  return out;
}

export async function decodeTicketQrFromPdf(pdf: Uint8Array): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(Buffer.from(pdf)), verbosity: 0 }).promise;
  const codes: string[] = [];
  try {
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const operators = await page.getOperatorList();
      for (let i = 0; i < operators.fnArray.length; i++) {
        if (operators.fnArray[i] !== OPS.paintImageXObject) continue;
        const [id] = operators.argsArray[i] as [string];
        const image: unknown = await new Promise((resolve) => page.objs.get(id, resolve));
        if (!isDecodedImage(image)) throw new Error(`Page ${number}: image ${id} came without its pixels`);
        const found = jsQR(rgbaOf(image), image.width, image.height);
        if (!found) throw new Error(`Page ${number}: no QR code in image ${id} (${image.width}×${image.height})`);
        codes.push(found.data);
      }
    }
  } finally {
    await document.destroy();
  }
  return codes;
}
