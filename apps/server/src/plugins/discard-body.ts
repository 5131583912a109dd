/**
 * A body over the limit is refused with 413, but a client still sending it (Node's fetch, a browser
 * uploading) would see the connection reset instead if the server closed the socket with its bytes
 * unread: the kernel answers unread data on a closed socket with RST, which can overtake the 413.
 * So, as nginx's lingering close does, the rest of the body is read and thrown away first, within a
 * bound: a client that sends more, or for longer, is cut off and may see the reset.
 */
import type { IncomingMessage } from 'node:http';

/** A few times the largest body the server takes (a 2 MB image), what a real client overshoots by. */
export const DISCARD_MAX_BYTES = 8 * 1024 * 1024;
/** A slow upload is not waited for: the socket is held this long at most. */
export const DISCARD_MAX_MS = 5_000;

export type DiscardBounds = { maxBytes: number; maxMs: number };

/**
 * Reads and drops what is left of the request's body. `read` when it ended within the bounds (the
 * socket can then close cleanly), `cut` when a bound was hit or the declared length is beyond it.
 */
export function discardRequestBody(
  request: IncomingMessage,
  { maxBytes, maxMs }: DiscardBounds = { maxBytes: DISCARD_MAX_BYTES, maxMs: DISCARD_MAX_MS },
): Promise<'read' | 'cut'> {
  if (request.complete || request.readableEnded || request.destroyed) return Promise.resolve('read');
  // A client that announced ten gigabytes is not read at all: it is answered and closed at once.
  if (Number(request.headers['content-length']) > maxBytes) return Promise.resolve('cut');
  return new Promise((resolve) => {
    let received = 0;
    const finish = (outcome: 'read' | 'cut') => {
      clearTimeout(timer);
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onEnd);
      request.off('close', onEnd);
      if (outcome === 'cut') request.pause();
      resolve(outcome);
    };
    const onData = (chunk: Buffer | string) => {
      received += chunk.length;
      if (received > maxBytes) finish('cut');
    };
    const onEnd = () => finish('read');
    const timer = setTimeout(() => finish('cut'), maxMs);
    request.on('data', onData);
    request.once('end', onEnd);
    request.once('error', onEnd);
    request.once('close', onEnd);
    request.resume();
  });
}
