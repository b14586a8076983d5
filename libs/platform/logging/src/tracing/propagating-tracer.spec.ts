import { describe, expect, it } from '@jest/globals';
import { ROOT_CONTEXT, trace, TraceFlags, createTraceState } from '@opentelemetry/api';
import { PropagatingTracerProvider } from './propagating-tracer.js';

const tracer = new PropagatingTracerProvider().getTracer();
const parent = {
  traceId: '0af7651916cd43dd8448eb211c80319c',
  spanId: 'b7ad6b7169203331',
  isRemote: true,
  traceState: createTraceState('vendor=value'),
};

describe(PropagatingTracerProvider.name, () => {
  it('starts a new sampled trace without a parent', () => {
    const span = tracer.startSpan('GET', {}, ROOT_CONTEXT);
    expect(trace.isSpanContextValid(span.spanContext())).toBe(true);
    expect(span.spanContext().traceFlags).toBe(TraceFlags.SAMPLED);
    expect(span.isRecording()).toBe(false);
  });

  it.each([TraceFlags.SAMPLED, TraceFlags.NONE])(
    "continues its parent's trace, sampled as the parent was (flags %d), with its trace state",
    (traceFlags) => {
      const active = trace.setSpanContext(ROOT_CONTEXT, { ...parent, traceFlags });
      const child = tracer.startSpan('GET', {}, active).spanContext();
      expect(child).toMatchObject({ traceId: parent.traceId, traceFlags, traceState: parent.traceState });
      expect(child.spanId).not.toBe(parent.spanId);
    },
  );

  it('starts a new trace when asked for a root span', () => {
    const active = trace.setSpanContext(ROOT_CONTEXT, { ...parent, traceFlags: TraceFlags.SAMPLED });
    expect(tracer.startSpan('GET', { root: true }, active).spanContext().traceId).not.toBe(parent.traceId);
  });

  it("runs an active span's work with the span, and returns what the work returns", () => {
    expect(tracer.startActiveSpan('work', (span) => span.spanContext().traceFlags)).toBe(TraceFlags.SAMPLED);
  });
});
