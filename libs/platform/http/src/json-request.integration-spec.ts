import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { JsonRequestTimeoutError, requestJson } from './json-request.js';

// Each path of this local server answers one way.
const ROUTES: Record<string, (request: IncomingMessage, body: string, response: ServerResponse) => void> = {
  '/echo': (request, body, response) => {
    response.writeHead(201, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ method: request.method, type: request.headers['content-type'], body }));
  },
  '/text': (_request, _body, response) => {
    response.writeHead(400, { 'content-type': 'text/plain' });
    response.end('no JSON here');
  },
  '/silent': () => undefined,
  '/huge': (_request, _body, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(`"${'x'.repeat(2 * 1024 * 1024)}"`);
  },
  '/port': (request, _body, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(request.socket.remotePort));
  },
};

describe(requestJson.name, () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => ROUTES[request.url ?? '']?.(request, body, response));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends the body and headers and parses the JSON answer, whatever its status', async () => {
    const response = await requestJson(new URL('/echo', base), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"amount":"10.50"}',
      timeoutMs: 2_000,
    });
    expect(response).toEqual({
      status: 201,
      body: { method: 'POST', type: 'application/json', body: '{"amount":"10.50"}' },
    });
  });

  it('answers a body that is not JSON as undefined, with its status', async () => {
    expect(await requestJson(new URL('/text', base), { method: 'GET', timeoutMs: 2_000 })).toEqual({
      status: 400,
      body: undefined,
    });
  });

  it('gives up after the timeout', async () => {
    await expect(requestJson(new URL('/silent', base), { method: 'GET', timeoutMs: 100 })).rejects.toThrow(
      JsonRequestTimeoutError,
    );
  });

  it('refuses an answer over 1 MiB', async () => {
    await expect(requestJson(new URL('/huge', base), { method: 'GET', timeoutMs: 2_000 })).rejects.toThrow(
      'larger than',
    );
  });

  it('reuses its connection for the next call', async () => {
    const first = await requestJson(new URL('/port', base), { method: 'GET', timeoutMs: 2_000 });
    const second = await requestJson(new URL('/port', base), { method: 'GET', timeoutMs: 2_000 });
    expect(second.body).toBe(first.body);
  });

  it('fails at once when nothing listens', async () => {
    await expect(
      requestJson(new URL('http://127.0.0.1:9/'), { method: 'GET', timeoutMs: 2_000 }),
    ).rejects.toThrow('ECONNREFUSED');
  });
});
