/**
 * The bytes a pdfkit document writes, once it ends. Start collecting before drawing (pdfkit streams
 * as it goes): `const bytes = pdfBytes(pdf); …draw…; pdf.end(); return bytes;`.
 */
export function pdfBytes(pdf: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
}
