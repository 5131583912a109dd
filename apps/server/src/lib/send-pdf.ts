/** Sends a PDF as a download that no cache keeps (receipts and statements hold a donor's name and gifts). */
import type { FastifyReply } from 'fastify';

export function sendPdf(reply: FastifyReply, pdf: Buffer, fileName: string): FastifyReply {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`)
    .header('cache-control', 'no-store')
    .send(pdf);
}
