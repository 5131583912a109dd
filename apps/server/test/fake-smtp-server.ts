/**
 * A minimal SMTP server on 127.0.0.1 for tests: enough of RFC 5321 for nodemailer to deliver
 * (greeting, EHLO/HELO, MAIL FROM, RCPT TO, DATA, RSET, NOOP, QUIT), no TLS, no auth. It records
 * what it received, and can refuse the next messages with a temporary error (451) to test retries.
 *
 *   const smtp = await startFakeSmtpServer();
 *   ... SMTP_URL = smtp.url ...
 *   smtp.messages[0].data                // the raw message, dot-unstuffed
 *   await smtp.close();
 */
import { createServer, type Socket } from 'node:net';

export type ReceivedMessage = { from: string; to: string[]; data: string };

export type FakeSmtpServer = {
  url: string;
  messages: ReceivedMessage[];
  /** The next `count` messages get `451` after their DATA instead of `250`. */
  refuseNext(count: number): void;
  close(): Promise<void>;
};

function address(arg: string): string {
  return /<([^>]*)>/.exec(arg)?.[1] ?? arg.trim();
}

export async function startFakeSmtpServer(): Promise<FakeSmtpServer> {
  const messages: ReceivedMessage[] = [];
  const sockets = new Set<Socket>();
  let refusals = 0;

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let buffer = '';
    let inData = false;
    let dataLines: string[] = [];
    let envelope: { from: string; to: string[] } = { from: '', to: [] };

    const handle = (line: string) => {
      if (inData) {
        if (line !== '.') {
          dataLines.push(line.startsWith('..') ? line.slice(1) : line);
          return;
        }
        inData = false;
        if (refusals > 0) {
          refusals -= 1;
          reply('451 4.3.0 Temporary failure, try again later');
        } else {
          messages.push({ ...envelope, data: dataLines.join('\r\n') });
          reply('250 2.0.0 OK queued');
        }
        envelope = { from: '', to: [] };
        return;
      }
      const [verb = '', ...rest] = line.split(' ');
      const arg = rest.join(' ');
      switch (verb.toUpperCase()) {
        case 'EHLO':
          reply('250-fake-smtp.localhost');
          reply('250 8BITMIME');
          return;
        case 'HELO':
          return reply('250 fake-smtp.localhost');
        case 'MAIL':
          envelope = { from: address(arg), to: [] };
          return reply('250 2.1.0 OK');
        case 'RCPT':
          envelope.to.push(address(arg));
          return reply('250 2.1.5 OK');
        case 'DATA':
          inData = true;
          dataLines = [];
          return reply('354 End data with <CR><LF>.<CR><LF>');
        case 'RSET':
          envelope = { from: '', to: [] };
          return reply('250 2.0.0 OK');
        case 'NOOP':
          return reply('250 2.0.0 OK');
        case 'QUIT':
          reply('221 2.0.0 Bye');
          socket.end();
          return;
        default:
          return reply('502 5.5.2 Command not implemented');
      }
    };

    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end !== -1; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        handle(line);
      }
    });
    reply('220 fake-smtp.localhost ESMTP ready');
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const bound = server.address();
  const port = typeof bound === 'object' && bound ? bound.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refuseNext(count) {
      refusals = count;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
