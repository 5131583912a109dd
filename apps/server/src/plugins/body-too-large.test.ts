/**
 * A body over the limit is answered 413 even to a client still sending it: Node's fetch posting
 * 5 MB used to see "fetch failed" now and then, the socket reset under it before it read the answer.
 * Over real loopback HTTP, many times, since it was a race. A body beyond what the server will read
 * and throw away is still cut off, without holding the server.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '#src/app';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { describeWithDb } from '../../test/test-db';
import { DISCARD_MAX_BYTES, DISCARD_MAX_MS } from './discard-body';

const CHECKOUT = '/api/public/payment/checkout';
const FIVE_MB = 5 * 1024 * 1024;
const tooLarge = { error: { code: 'payload_too_large', message: 'The request body is too large.' } };

/** A JSON body of `bytes` bytes: one long string. */
function jsonBody(bytes: number): Buffer {
  return Buffer.from(`{"email":"${'a'.repeat(bytes - 13)}"}`);
}

describeWithDb('a body over the limit', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await buildTestApp();
    baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t?.close());

  it("reaches Node's fetch as a 413 while it is still sending 5 MB, every time", async () => {
    const body = jsonBody(FIVE_MB);
    expect(body.length).toBeGreaterThan(BODY_LIMIT_BYTES);
    const statuses: (number | string)[] = [];
    for (let i = 0; i < 20; i += 1) {
      try {
        const res = await fetch(`${baseUrl}${CHECKOUT}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        expect(await res.json()).toEqual(tooLarge);
        statuses.push(res.status);
      } catch (error) {
        statuses.push(error instanceof Error ? `${error.message}: ${String(error.cause)}` : String(error));
      }
    }
    expect(statuses).toEqual(Array(20).fill(413));
  });

  it('reads the rest of a 5 MB body and closes with a FIN, never a reset under a client still writing', async () => {
    const port = Number(new URL(baseUrl).port);
    const body = jsonBody(FIVE_MB);
    const outcomes: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      outcomes.push(
        await new Promise<string>((resolve) => {
          const socket = connect({ host: '127.0.0.1', port });
          const received: Buffer[] = [];
          let failure: string | undefined;
          socket.on('data', (data) => received.push(data));
          // A reset (ECONNRESET, or EPIPE on the write) loses whatever the client had not read yet.
          socket.on('error', (error: NodeJS.ErrnoException) => {
            failure = error.code ?? error.message;
          });
          socket.on('close', () => {
            const status = /^HTTP\/1\.1 (\d{3})/.exec(Buffer.concat(received).toString('latin1'))?.[1];
            resolve(failure ?? `status ${status}, closed cleanly`);
          });
          socket.on('connect', () => {
            socket.write(
              `POST ${CHECKOUT} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
            );
            socket.end(body);
          });
        }),
      );
    }
    expect(outcomes).toEqual(Array(20).fill('status 413, closed cleanly'));
  });

  it('reaches a client streaming 5 MB without a Content-Length (chunked) as a 413', async () => {
    for (let i = 0; i < 5; i += 1) {
      const chunk = new TextEncoder().encode('a'.repeat(64 * 1024));
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent === 0) controller.enqueue(new TextEncoder().encode('{"email":"'));
          sent += chunk.length;
          if (sent > FIVE_MB) {
            controller.enqueue(new TextEncoder().encode('"}'));
            controller.close();
          } else controller.enqueue(chunk);
        },
      });
      const res = await fetch(`${baseUrl}${CHECKOUT}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: stream,
        duplex: 'half',
      });
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual(tooLarge);
    }
  });

  it('cuts off a body beyond what it reads and throws away, and keeps serving', async () => {
    const port = Number(new URL(baseUrl).port);
    const started = Date.now();
    // A client that never stops: chunked, one 64 KB chunk after another until the server closes.
    const answer = await new Promise<{ text: string; closed: boolean }>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port });
      const received: Buffer[] = [];
      const piece = `${(64 * 1024).toString(16)}\r\n${'a'.repeat(64 * 1024)}\r\n`;
      let open = true;
      const pump = () => {
        while (open && socket.write(piece)) {
          // Fill the socket's buffer, then wait for it to drain.
        }
      };
      socket.on('drain', pump);
      socket.on('data', (data) => received.push(data));
      const done = () => {
        if (!open) return;
        open = false;
        socket.destroy();
        resolve({ text: Buffer.concat(received).toString('latin1'), closed: true });
      };
      socket.on('close', done);
      socket.on('error', done);
      socket.on('connect', () => {
        socket.write(
          `POST ${CHECKOUT} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
        );
        pump();
      });
    });
    expect(answer.closed).toBe(true);
    // Well within the bound's time (generous: the machine is shared); the read bound usually ends it first.
    expect(Date.now() - started).toBeLessThan(DISCARD_MAX_MS + 10_000);
    if (answer.text !== '') expect(answer.text).toMatch(/^HTTP\/1\.1 413 /);
    expect(DISCARD_MAX_BYTES).toBeGreaterThan(FIVE_MB);
    const health = await fetch(`${baseUrl}/healthz`);
    expect(health.status).toBe(200);
  });

  it('answers a declared length beyond the bound at once, without reading it', async () => {
    const port = Number(new URL(baseUrl).port);
    const started = Date.now();
    const text = await new Promise<string>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port });
      const received: Buffer[] = [];
      socket.on('data', (data) => received.push(data));
      socket.on('close', () => resolve(Buffer.concat(received).toString('latin1')));
      socket.on('error', () => undefined);
      socket.on('connect', () => {
        socket.write(
          `POST ${CHECKOUT} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 10737418240\r\n\r\n{`,
        );
      });
    });
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text.toLowerCase()).toContain('connection: close');
    expect(Date.now() - started).toBeLessThan(DISCARD_MAX_MS);
  });
});
