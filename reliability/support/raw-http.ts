/**
 * Bytes on a socket, for what fetch and inject cannot send: malformed request lines, header bytes
 * that are not allowed, a Content-Length that lies, raw `..` in a path, both Content-Length and
 * Transfer-Encoding. Answers the status the server wrote (if any) and whether it closed the socket.
 */
import { connect } from 'node:net';

export type RawAnswer = {
  /** The status of the first response, or undefined when the server closed without one. */
  status: number | undefined;
  /** Everything received (headers and body of every response), as Latin-1 text. */
  text: string;
  /** True when nothing came back and the socket stayed open past the timeout. */
  timedOut: boolean;
};

export function rawRequest(port: number, request: Buffer | string, timeoutMs = 10_000): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    // A HEAD answer has a Content-Length but no body.
    const isHead = Buffer.from(request).subarray(0, 5).toString('latin1') === 'HEAD ';
    let settled = false;
    const finish = (timedOut: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('latin1');
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1];
      resolve({ status: status === undefined ? undefined : Number(status), text, timedOut });
    };
    // Waiting for the server to close: an answered request on a keep-alive socket ends here too.
    const timer = setTimeout(() => finish(chunks.length === 0), timeoutMs);
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      // A complete response is enough: keep-alive would otherwise hold the socket until the timeout.
      const text = Buffer.concat(chunks).toString('latin1');
      const head = text.indexOf('\r\n\r\n');
      if (head === -1) return;
      if (isHead) finish(false);
      const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, head))?.[1];
      if (length !== undefined && text.length - head - 4 >= Number(length)) finish(false);
      if (/\r\ntransfer-encoding: *chunked/i.test(text.slice(0, head)) && text.endsWith('0\r\n\r\n')) finish(false);
    });
    socket.on('error', () => finish(false));
    socket.on('close', () => finish(false));
    socket.on('connect', () => {
      socket.write(request);
    });
  });
}
