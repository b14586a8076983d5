import { beforeAll, describe, expect, it } from '@jest/globals';
import { Writable } from 'node:stream';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { createLogger } from '../create-logger.js';
import { continueTrace, currentTraceCarrier, inSpan, SpanKind, startSpan } from './trace-context.js';
import { startTracing } from './tracing.js';

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;
const traceIdOf = (traceparent: string | undefined) => TRACEPARENT.exec(traceparent ?? '')?.[1];

describe('trace context propagation', () => {
  const exporter = new InMemorySpanExporter();

  beforeAll(() => {
    startTracing({ serviceName: 'test', env: {}, spanProcessors: [new SimpleSpanProcessor(exporter)] });
  });

  it('carries nothing outside any span', () => {
    expect(currentTraceCarrier()).toEqual({});
  });

  it("carries the active span's W3C traceparent, which a child elsewhere continues", async () => {
    const sent = await inSpan('publish', { kind: SpanKind.PRODUCER }, async () => currentTraceCarrier());
    expect(sent.traceparent).toMatch(TRACEPARENT);

    const received = await inSpan('consume', { kind: SpanKind.CONSUMER, parent: sent }, async (span) => ({
      traceId: span.spanContext().traceId,
      carrier: currentTraceCarrier(),
    }));

    expect(received.traceId).toBe(traceIdOf(sent.traceparent));
    expect(received.carrier.traceparent).not.toBe(sent.traceparent);
  });

  it('carries a started span as the parent of work elsewhere without entering its context', () => {
    const client = startSpan('GET quote', { kind: SpanKind.CLIENT, parent: {} });
    const { traceId, spanId } = client.span.spanContext();

    expect(client.carrier().traceparent).toBe(`00-${traceId}-${spanId}-01`);
    expect(client.carrier()).toEqual(client.run(currentTraceCarrier));
    expect(currentTraceCarrier()).toEqual({});
    client.span.end();
  });

  it('starts a new trace from a carrier without a traceparent, even inside another span', async () => {
    const [outer, inner] = await inSpan('outer', { kind: SpanKind.INTERNAL }, async (span) => [
      span.spanContext().traceId,
      await inSpan(
        'inner',
        { kind: SpanKind.CONSUMER, parent: {} },
        async (child) => child.spanContext().traceId,
      ),
    ]);
    expect(inner).not.toBe(outer);
  });

  it('continues a stored trace, linked to the one active when the work happens', async () => {
    const stored = await inSpan('accept', { kind: SpanKind.SERVER }, async () => currentTraceCarrier());
    exporter.reset();

    const [poll, continued] = await inSpan('poll', { kind: SpanKind.INTERNAL }, async (span) => [
      span.spanContext().traceId,
      await continueTrace(stored, 'expire', async () => currentTraceCarrier()),
    ]);

    expect(traceIdOf(continued.traceparent)).toBe(traceIdOf(stored.traceparent));
    const expire = exporter.getFinishedSpans().find((span) => span.name === 'expire');
    expect(expire?.links.map((link) => link.context.traceId)).toEqual([poll]);
  });

  it('runs the work as it is without a stored trace, or inside the stored trace already', async () => {
    await expect(continueTrace(null, 'expire', async () => currentTraceCarrier())).resolves.toEqual({});
    const stored = await inSpan('accept', { kind: SpanKind.SERVER }, async () => currentTraceCarrier());
    const same = await inSpan('consume', { kind: SpanKind.CONSUMER, parent: stored }, async () => {
      const before = currentTraceCarrier();
      return { before, during: await continueTrace(stored, 'apply', async () => currentTraceCarrier()) };
    });
    expect(same.during).toEqual(same.before);
  });

  it('marks a span whose work throws as failed and rethrows', async () => {
    exporter.reset();
    await expect(
      inSpan('fails', { kind: SpanKind.INTERNAL }, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(exporter.getFinishedSpans()[0]?.status).toEqual({ code: 2, message: 'boom' });
  });

  it("puts the active span's trace_id and span_id on every log line", async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = createLogger({ service: 'test', destination });
    const carrier = await inSpan('work', { kind: SpanKind.INTERNAL }, async () => {
      logger.info('inside');
      return currentTraceCarrier();
    });
    logger.info('outside');

    const [inside, outside] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const [, traceId, spanId] = TRACEPARENT.exec(carrier.traceparent!)!;
    expect(inside).toMatchObject({ trace_id: traceId, span_id: spanId });
    expect(outside).not.toHaveProperty('trace_id');
  });
});
