import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createHash } from 'node:crypto';
import { EventEmitter, once } from 'node:events';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { RunningService } from '@platform/http';
import { InMemoryEventBus } from '@platform/messaging';
import { startTestDatabase, type TestDatabase } from '@platform/test-support';
import { startTestService, testGatewayEnv } from '@platform/testing';
import { apiGatewayDefinition } from '../src/api-gateway.definition.js';

// What the gateway answers by itself for a request it proxies: chat requests (/api/v1, and
// every path of CHAT_HOST) in Zulip's envelope, payout requests in the payout shape; and how it
// relays a streamed answer. The upstream is a stand-in that never answers /slow, drops the
// connection on /drop, describes the body it received on /echo, answers LARGE_ANSWER_BYTES on
// /large and a chunk every 50 ms on /endless until its client goes.
describe('gateway refusals of proxied requests', () => {
  let database: TestDatabase;
  const bus = new InMemoryEventBus();
  let upstream: Server;
  let gateway: RunningService;
  let http: ReturnType<typeof request>;
  // Emits 'endless-closed' with whether an /endless answer had finished when it closed.
  const standIn = new EventEmitter();

  beforeAll(async () => {
    database = await startTestDatabase();
    await bus.connect();
    upstream = createServer((incoming, outgoing) => {
      if (incoming.url?.includes('/echo')) return echo(incoming, outgoing);
      incoming.resume();
      if (incoming.url?.includes('/large')) return void large(outgoing);
      if (incoming.url?.includes('/endless'))
        return void endless(outgoing).then((finished) => standIn.emit('endless-closed', finished));
      if (incoming.url?.includes('/drop')) incoming.socket.destroy();
      else if (!incoming.url?.includes('/slow')) outgoing.writeHead(204).end();
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    gateway = await startTestService(apiGatewayDefinition, {
      databaseUrl: database.url,
      bus,
      env: testGatewayEnv(
        { quote: url, chat: url },
        {
          MAX_BODY_BYTES: '4096',
          PROXY_TIMEOUT_MS: '300',
          CHAT_PROXY_TIMEOUT_MS: '300',
          CHAT_HOST: 'chat.example.com',
        },
      ),
    });
    http = request(gateway.app.getHttpServer());
  });

  afterAll(async () => {
    await gateway.close();
    upstream.closeAllConnections();
    await new Promise((resolve) => upstream.close(resolve));
    await bus.disconnect();
    await database.drop();
  });

  const big = 'x'.repeat(5000);

  // A POST whose body is sent in chunks, without a declared length; the answer's status and body.
  const chunked = (path: string, parts: readonly string[]) =>
    new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const outgoing = httpRequest(`${gateway.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', 'transfer-encoding': 'chunked' },
      });
      outgoing.on('error', reject);
      outgoing.on('response', (answer) => {
        let text = '';
        answer.on('data', (chunk: Buffer) => (text += chunk.toString()));
        answer.on('end', () =>
          resolve({ status: answer.statusCode ?? 0, body: JSON.parse(text) as unknown }),
        );
      });
      for (const part of parts) outgoing.write(part);
      outgoing.end();
    });

  describe('for chat requests, in Zulip’s envelope', () => {
    it('refuses a body over the limit with 413', async () => {
      const response = await http.post('/api/v1/messages').type('form').send({ content: big }).expect(413);
      expect(response.body).toEqual({
        result: 'error',
        msg: 'Request body is too large',
        code: 'BAD_REQUEST',
      });
    });

    it('answers 504 when chat-api does not answer in time, like Zulip’s server errors (no code)', async () => {
      const response = await http.get('/api/v1/slow').expect(504);
      expect(response.body).toEqual({ result: 'error', msg: 'The service did not answer in time' });
    });

    it('answers 502 when chat-api drops the request', async () => {
      const response = await http.get('/api/v1/drop').expect(502);
      expect(response.body).toEqual({ result: 'error', msg: 'The service is unavailable' });
    });

    it('answers the chat host’s requests the same way, whatever the path', async () => {
      const slow = await http.get('/quote/slow').set('Host', 'chat.example.com').expect(504);
      expect(slow.body).toEqual({ result: 'error', msg: 'The service did not answer in time' });
      const large = await http.post('/quote').set('Host', 'chat.example.com').send({ big }).expect(413);
      expect(large.body).toEqual({ result: 'error', msg: 'Request body is too large', code: 'BAD_REQUEST' });
    });
  });

  describe('streamed bodies', () => {
    it('passes a chunked body within the limit on as it came, and a GET without one', async () => {
      expect(await chunked('/quote/echo', ['a'.repeat(2000), 'b'.repeat(2000)])).toEqual({
        status: 200,
        body: { bytes: 4000, chunked: true, declaredLength: null },
      });
      const get = await http.get('/quote/echo').expect(200);
      expect(get.body).toEqual({ bytes: 0, chunked: false, declaredLength: null });
    });

    it('refuses a chunked body past the limit with 413, in each client’s shape', async () => {
      const parts = ['a'.repeat(3000), 'b'.repeat(3000)];
      expect(await chunked('/quote/echo', parts)).toEqual({
        status: 413,
        body: {
          message: 'Request body is too large',
          code: 'invalid_request',
          reason: 'Request body is too large',
          retryable: false,
        },
      });
      expect(await chunked('/api/v1/echo', parts)).toEqual({
        status: 413,
        body: { result: 'error', msg: 'Request body is too large', code: 'BAD_REQUEST' },
      });
    });
  });

  describe('streamed answers', () => {
    // A GET through the gateway read to its end; `onFirstChunk` may pause the answer.
    const read = (path: string, onFirstChunk: (answer: IncomingMessage) => void) =>
      new Promise<{ status: number; bytes: number; digest: string }>((resolve, reject) => {
        const outgoing = httpRequest(`${gateway.url}${path}`);
        outgoing.on('error', reject);
        outgoing.on('response', (answer) => {
          const hash = createHash('sha256');
          let bytes = 0;
          answer.once('data', () => onFirstChunk(answer));
          answer.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
            hash.update(chunk);
          });
          answer.on('end', () =>
            resolve({ status: answer.statusCode ?? 0, bytes, digest: hash.digest('hex') }),
          );
        });
        outgoing.end();
      });

    it('relays a large answer whole to a client that reads it slowly', async () => {
      const slowly = (answer: IncomingMessage) => {
        answer.pause();
        setTimeout(() => answer.resume(), 100);
      };
      for (const path of ['/quote/large', '/api/v1/large'])
        expect(await read(path, slowly)).toEqual({
          status: 200,
          bytes: LARGE_ANSWER_BYTES,
          digest: createHash('sha256').update(largeAnswer()).digest('hex'),
        });
    });

    it("gives up the service's request when its client goes away mid-answer", async () => {
      const closed = once(standIn, 'endless-closed');
      const outgoing = httpRequest(`${gateway.url}/quote/endless`);
      outgoing.on('error', () => undefined);
      outgoing.on('response', (answer) => answer.once('data', () => outgoing.destroy()));
      outgoing.end();
      // The stand-in streams until its connection closes: the gateway closed it, unfinished.
      expect(await closed).toEqual([false]);
    });
  });

  describe('for payout requests, in the payout shape', () => {
    it('answers 504 and 413 as before', async () => {
      const slow = await http.get('/quote/slow').expect(504);
      const reason = 'The service did not answer in time';
      expect(slow.body).toEqual({ message: reason, code: 'server_error', reason, retryable: true });
      const large = await http.post('/quote').send({ big }).expect(413);
      expect(large.body).toEqual({
        message: 'Request body is too large',
        code: 'invalid_request',
        reason: 'Request body is too large',
        retryable: false,
      });
    });
  });
});

const LARGE_ANSWER_BYTES = 4 * 1024 * 1024;

// The /large answer: 4 MiB of a repeating pattern, so a lost or reordered chunk shows.
function largeAnswer(): Buffer {
  const answer = Buffer.alloc(LARGE_ANSWER_BYTES);
  for (let at = 0; at < answer.length; at += 4) answer.writeUInt32BE(at, at);
  return answer;
}

// Written 64 KiB at a time, each chunk after the last one drained: the gateway pauses the
// service while its client is slow.
async function large(outgoing: ServerResponse): Promise<void> {
  const answer = largeAnswer();
  outgoing.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': answer.length });
  for (let at = 0; at < answer.length; at += 64 * 1024)
    if (!outgoing.write(answer.subarray(at, at + 64 * 1024))) await once(outgoing, 'drain');
  outgoing.end();
}

// A chunk every 50 ms until the connection closes; whether the answer had finished by then.
async function endless(outgoing: ServerResponse): Promise<boolean> {
  outgoing.writeHead(200, { 'content-type': 'text/plain' });
  const ticking = setInterval(() => outgoing.write('tick\n'), 50);
  await once(outgoing, 'close');
  clearInterval(ticking);
  return outgoing.writableFinished;
}

// The stand-in service's answer on /echo: what reached it of the request's body.
function echo(incoming: IncomingMessage, outgoing: ServerResponse): void {
  let bytes = 0;
  incoming.on('data', (chunk: Buffer) => (bytes += chunk.length));
  incoming.on('end', () => {
    outgoing.writeHead(200, { 'content-type': 'application/json' });
    outgoing.end(
      JSON.stringify({
        bytes,
        chunked: incoming.headers['transfer-encoding'] === 'chunked',
        declaredLength: incoming.headers['content-length'] ?? null,
      }),
    );
  });
}
