import {
  type Context,
  context,
  type Span,
  type SpanOptions,
  trace,
  TraceFlags,
  type Tracer,
  type TracerProvider,
} from '@opentelemetry/api';
import { RandomIdGenerator } from '@opentelemetry/sdk-trace-base';

// The tracer of a process that exports no spans: each span is only its ids, a child of the active
// span's trace (or the root of a new, sampled one), so log lines carry trace and span ids and the
// trace context travels on as the SDK's default sampler (parent-based, always on) would send it.
// Nothing else is kept: recording a span nobody receives (its clock readings, attributes, status)
// was most of the cost of a span, two per proxied request on the gateway.
export class PropagatingTracerProvider implements TracerProvider {
  private readonly tracer = new PropagatingTracer();

  getTracer(): Tracer {
    return this.tracer;
  }
}

class PropagatingTracer implements Tracer {
  private readonly ids = new RandomIdGenerator();

  startSpan(_name: string, options: SpanOptions = {}, active: Context = context.active()): Span {
    const parent = options.root ? undefined : trace.getSpanContext(active);
    const spanId = this.ids.generateSpanId();
    if (!parent || !trace.isSpanContextValid(parent)) {
      return trace.wrapSpanContext({
        traceId: this.ids.generateTraceId(),
        spanId,
        traceFlags: TraceFlags.SAMPLED,
      });
    }
    return trace.wrapSpanContext({
      traceId: parent.traceId,
      spanId,
      // A parent sampled out stays sampled out downstream.
      traceFlags: parent.traceFlags & TraceFlags.SAMPLED,
      ...(parent.traceState ? { traceState: parent.traceState } : {}),
    });
  }

  // The API's overloads: (name, fn), (name, options, fn), (name, options, context, fn).
  startActiveSpan = ((name: string, ...rest: unknown[]) => {
    const work = rest.pop() as (span: Span) => unknown;
    const [options, parent = context.active()] = rest as [SpanOptions | undefined, Context | undefined];
    const span = this.startSpan(name, options, parent);
    return context.with(trace.setSpan(parent, span), work, undefined, span);
  }) as Tracer['startActiveSpan'];
}
