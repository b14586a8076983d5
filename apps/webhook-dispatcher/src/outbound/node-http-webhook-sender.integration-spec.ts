import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NodeHttpWebhookSender } from './node-http-webhook-sender.js';
import { OutboundUrlGuard, type ResolvedAddress } from './outbound-url-guard.js';
import { AttemptOutcome } from './webhook-sender.js';

// Names resolved by the test: the guard's lookup is what the HTTP client uses to connect.
const names: Record<string, ResolvedAddress[]> = {
  'receiver.test': [{ address: '127.0.0.1', family: 4 }],
  'rebound.test': [{ address: '10.0.0.1', family: 4 }],
};
const resolve = async (hostname: string) => names[hostname] ?? [];

describe(NodeHttpWebhookSender.name, () => {
  let server: Server;
  let port: number;
  const seen: { path: string; headers: Record<string, unknown>; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        seen.push({ path: request.url ?? '', headers: request.headers, body });
        if (request.url === '/slow') return; // never answers
        if (request.url === '/moved') return void response.writeHead(302, { location: '/ok' }).end();
        if (request.url === '/chatty') return void response.writeHead(500).end(`${'x'.repeat(5000)}`);
        response.writeHead(200).end('thanks');
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  });

  const sut = new NodeHttpWebhookSender(new OutboundUrlGuard(['receiver.test', '127.0.0.1'], resolve), 300);
  const send = (url: string) => sut.send({ url, headers: { 'webhook-id': 'w-1' }, body: '{"a":1}' });

  it('POSTs the body and headers through the guarded lookup', async () => {
    const result = await send(`http://receiver.test:${port}/ok`);

    expect(result).toMatchObject({
      outcome: AttemptOutcome.DELIVERED,
      statusCode: 200,
      responseSnippet: 'thanks',
    });
    expect(seen.at(-1)).toMatchObject({
      path: '/ok',
      body: '{"a":1}',
      headers: { 'webhook-id': 'w-1', 'content-type': 'application/json', 'content-length': '7' },
    });
  });

  it('keeps the response body when asked, and sends the content type the request names', async () => {
    const result = await sut.send({
      url: `http://127.0.0.1:${port}/chatty`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
      keepResponseBytes: 1000,
    });
    expect(result.responseBody).toBe('x'.repeat(1000));
    expect(result.responseSnippet).toHaveLength(200);
    expect(seen.at(-1)!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect((await send(`http://127.0.0.1:${port}/ok`)).responseBody).toBeUndefined();
  });

  it('does not follow redirects', async () => {
    const before = seen.length;
    expect(await send(`http://127.0.0.1:${port}/moved`)).toMatchObject({
      outcome: AttemptOutcome.HTTP_ERROR,
      statusCode: 302,
    });
    expect(seen.length).toBe(before + 1);
  });

  it('keeps only a short snippet of the response', async () => {
    const result = await send(`http://127.0.0.1:${port}/chatty`);
    expect(result).toMatchObject({ outcome: AttemptOutcome.HTTP_ERROR, statusCode: 500 });
    expect(result.responseSnippet).toHaveLength(200);
  });

  it('gives up at the timeout', async () => {
    const result = await send(`http://127.0.0.1:${port}/slow`);
    expect(result).toMatchObject({ outcome: AttemptOutcome.TIMEOUT, statusCode: null });
    expect(result.durationMs).toBeGreaterThanOrEqual(290);
  });

  it('refuses to connect where the name now resolves to a private address', async () => {
    const before = seen.length;
    expect(await send(`https://rebound.test:${port}/ok`)).toMatchObject({
      outcome: AttemptOutcome.BLOCKED_ADDRESS,
    });
    expect(await send(`http://rebound.test:${port}/ok`)).toMatchObject({
      outcome: AttemptOutcome.BLOCKED_ADDRESS,
    });
    expect(seen.length).toBe(before);
  });

  it('reports a closed port and an unknown name', async () => {
    expect(await send('http://127.0.0.1:9/ok')).toMatchObject({ outcome: AttemptOutcome.CONNECTION_ERROR });
    expect(await send('https://nowhere.test/ok')).toMatchObject({ outcome: AttemptOutcome.DNS_ERROR });
  });
});
