/**
 * A local stand-in for Braintree's XML gateway (api.braintreegateway.com), so the real `braintree`
 * SDK can be tested offline: point it at `new braintree.Environment('127.0.0.1', port, …, false)`.
 * Plain node:http on 127.0.0.1, port 0, one instance per test file. It serves what the payments
 * adapter calls: client_token, transactions (sale), the two search endpoints, and (issue 21) a
 * transaction's lookup, void and refund (refunds.ts), and (issue 22) the vault: customers and
 * payment methods, and sales by token (vault.ts). Like the real
 * gateway it checks Basic auth (publicKey:privateKey) and answers 401 otherwise.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { clientTokenResponse } from './client-token';
import { parseJson } from './json';
import { findTransaction, refundSale, voidSale } from './refunds';
import { SalesStore } from './sales-store';
import { createSale, type FakeResponse, searchTransactionIds, searchTransactions } from './transactions';
import { createCustomer, createPaymentMethod, VaultStore } from './vault';
import { XML_CONTENT_TYPE } from './xml';

export type FakeBraintreeOptions = { merchantId?: string; publicKey?: string; privateKey?: string };

export type FakeBraintree = {
  host: '127.0.0.1';
  port: number;
  merchantId: string;
  publicKey: string;
  privateKey: string;
  /** Every transaction the fake created, to assert on what the SDK sent. */
  sales: SalesStore;
  /** Issue 22: the customers and stored cards. */
  vault: VaultStore;
  /** Method and path of every request received (after auth or not), e.g. to check nothing was retried. */
  requests: { method: string; path: string }[];
  close(): Promise<void>;
};

const MAX_BODY_BYTES = 1_000_000;
/** Issue 21: one transaction (GET), its void (PUT) and its refund (POST). */
const TRANSACTION_ROUTE = /^\/merchants\/([^/]+)\/transactions\/([a-z0-9]+)(\/void|\/refund)?$/;
const ROUTE =
  /^\/merchants\/([^/]+)\/(client_token|transactions|transactions\/advanced_search_ids|transactions\/advanced_search|customers|payment_methods)$/;

export async function startFakeBraintree(options: FakeBraintreeOptions = {}): Promise<FakeBraintree> {
  const merchantId = options.merchantId ?? 'fake_merchant';
  const publicKey = options.publicKey ?? 'fake_public_key';
  const privateKey = options.privateKey ?? 'fake_private_key';
  const expectedAuth = `Basic ${Buffer.from(`${publicKey}:${privateKey}`).toString('base64')}`;
  const sales = new SalesStore();
  const vault = new VaultStore();
  const requests: FakeBraintree['requests'] = [];
  // Requests the fake chose never to answer ('fake-timeout-nonce'); destroyed on close.
  const hanging = new Set<ServerResponse>();
  let baseUrl = '';

  const route = (method: string, path: string, body: string, authorization: string | undefined): FakeResponse => {
    if (authorization !== expectedAuth) return { kind: 'status', status: 401, message: 'Authentication failed' };
    const one = TRANSACTION_ROUTE.exec(path);
    if (one && one[1] === merchantId) {
      const id = one[2] ?? '';
      if (method === 'GET' && !one[3]) return findTransaction(id, sales);
      if (method === 'PUT' && one[3] === '/void') return voidSale(id, sales);
      if (method === 'POST' && one[3] === '/refund') return refundSale(id, parseJson(body || '{}'), sales);
      return { kind: 'status', status: 404, message: 'Not Found' };
    }
    const match = ROUTE.exec(path);
    if (method !== 'POST' || !match) return { kind: 'status', status: 404, message: 'Not Found' };
    if (match[1] !== merchantId) return { kind: 'status', status: 404, message: 'Not Found' };
    const json = parseJson(body);
    if (json === undefined) return { kind: 'status', status: 400, message: 'body is not JSON' };
    switch (match[2]) {
      case 'client_token':
        return { kind: 'xml', status: 201, body: clientTokenResponse(baseUrl, merchantId) };
      case 'transactions':
        return createSale(json, sales, vault);
      case 'customers':
        return createCustomer(json, vault);
      case 'payment_methods':
        return createPaymentMethod(json, vault);
      case 'transactions/advanced_search_ids':
        return searchTransactionIds(json, sales);
      default:
        return searchTransactions(json, sales);
    }
  };

  const server = createServer((req, res) => {
    readBody(req)
      .then((body) => {
        const path = (req.url ?? '/').split('?')[0] ?? '/';
        requests.push({ method: req.method ?? '', path });
        const answer = route(req.method ?? '', path, body, req.headers.authorization);
        send(res, answer, hanging);
      })
      .catch(() => send(res, { kind: 'status', status: 413, message: 'body too large' }, hanging));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    host: '127.0.0.1',
    port,
    merchantId,
    publicKey,
    privateKey,
    sales,
    vault,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const res of hanging) res.destroy();
        hanging.clear();
        server.close((error) => (error ? reject(error) : resolve()));
        // The SDK's agent keeps connections alive; without this close() would wait for them.
        server.closeAllConnections();
      }),
  };
}

function send(res: ServerResponse, answer: FakeResponse, hanging: Set<ServerResponse>): void {
  if (answer.kind === 'hang') {
    hanging.add(res);
    res.on('close', () => hanging.delete(res));
    return;
  }
  if (answer.kind === 'status') {
    res.writeHead(answer.status, { 'content-type': 'text/plain; charset=utf-8' }).end(answer.message);
    return;
  }
  res.writeHead(answer.status, { 'content-type': XML_CONTENT_TYPE }).end(answer.body);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) reject(new Error('body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
