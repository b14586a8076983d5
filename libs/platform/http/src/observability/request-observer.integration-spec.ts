import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { createLogger, currentTraceIds, RequestContext, startTracing } from '@platform/logging';
import { MetricsRegistry } from './metrics.registry.js';
import { labelRoute, observeRequests } from './request-observer.js';

const CALLER_TRACE_ID = '0af7651916cd43dd8448eb211c80319c';

// A real server behind the observer: what its handler sees of the request's context, and the
// access-log line and latency histogram each answer leaves.
describe('request observer', () => {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger({
    service: 'test',
    destination: new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    }),
  });
  const metrics = new MetricsRegistry('test');
  let server: Server;
  let port: number;

  beforeAll(async () => {
    startTracing({ serviceName: 'test', env: {} });
    server = createServer(
      observeRequests(logger, metrics, (request, response) => {
        labelRoute(request, 'test:route');
        if (request.url === '/cut') return void response.write('partial', () => response.destroy());
        // Seen after an await, as a handler's own log lines would see it.
        void Promise.resolve().then(() => {
          const seen = { context: RequestContext.current(), trace: currentTraceIds() };
          response.setHeader('content-type', 'application/json');
          response.end(JSON.stringify(seen));
        });
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
      const sent = httpRequest({ port, host: '127.0.0.1', path, headers }, (answer) => {
        let body = '';
        answer.on('data', (chunk: Buffer) => (body += chunk.toString()));
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body }));
        answer.on('error', reject);
      });
      sent.on('error', reject);
      sent.end();
    });

  const accessLine = async (requestId: string) => {
    for (let tries = 0; tries < 50; tries += 1) {
      const line = lines.find(
        (candidate) => candidate['msg'] === 'request' && candidate['requestId'] === requestId,
      );
      if (line) return line;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no access-log line for ${requestId}`);
  };

  it("gives the handler and the access-log line the request's ids and its span, one context for both", async () => {
    const answer = await get('/transaction/abc?secret=1', {
      'x-correlation-id': 'corr-1',
      traceparent: `00-${CALLER_TRACE_ID}-b7ad6b7169203331-01`,
    });
    const requestId = answer.headers['x-request-id'] as string;
    const seen = JSON.parse(answer.body) as {
      context: { requestId: string; correlationId: string };
      trace: { trace_id: string; span_id: string };
    };

    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen.context).toEqual({ requestId, correlationId: 'corr-1' });
    expect(seen.trace.trace_id).toBe(CALLER_TRACE_ID);
    expect(await accessLine(requestId)).toMatchObject({
      requestId,
      correlationId: 'corr-1',
      trace_id: CALLER_TRACE_ID,
      span_id: seen.trace.span_id,
      method: 'GET',
      path: '/transaction/abc',
      status: 200,
    });
  });

  it("keeps a caller's plain request id, and uses it as the correlation id when none came", async () => {
    const answer = await get('/transaction/abc', { 'x-request-id': 'caller-id-1' });

    expect(answer.headers['x-request-id']).toBe('caller-id-1');
    expect(JSON.parse(answer.body)).toMatchObject({
      context: { requestId: 'caller-id-1', correlationId: 'caller-id-1' },
    });
  });

  it('records the latency of answers that finished, and nothing for a connection cut mid-answer', async () => {
    const counted = async () =>
      Number(
        /http_request_duration_seconds_count\{[^}]*route="test:route"[^}]*\} (\d+)/.exec(
          await metrics.registry.metrics(),
        )?.[1] ?? 0,
      );
    const before = await counted();

    await get('/transaction/abc');
    await expect(get('/cut')).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect((await counted()) - before).toBe(1);
    expect(lines.filter((line) => line['path'] === '/cut')).toEqual([]);
  });
});
