/**
 * A local stand-in for Google's reCAPTCHA siteverify (POST, form-encoded secret / response /
 * remoteip), on 127.0.0.1. Each test sets what it answers; every request's form is recorded.
 *
 *   const fake = await startFakeSiteverify();
 *   fake.answer = { status: 200, body: { success: true, score: 0.9, action: 'checkout' } };
 *   createRecaptchaVerifier({ ..., siteverifyUrl: fake.url });
 *   await fake.close();
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeAnswer = { status: number; body: unknown } | 'hang' | 'not-json';

export type FakeSiteverify = {
  url: string;
  answer: FakeAnswer;
  requests: URLSearchParams[];
  close: () => Promise<void>;
};

export async function startFakeSiteverify(): Promise<FakeSiteverify> {
  const fake: Omit<FakeSiteverify, 'url' | 'close'> = {
    answer: { status: 200, body: { success: true } },
    requests: [],
  };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      fake.requests.push(new URLSearchParams(body));
      const { answer } = fake;
      if (answer === 'hang') return;
      if (answer === 'not-json') {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html>Service Unavailable</html>');
        return;
      }
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
