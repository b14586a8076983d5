import {
  type Attributes,
  type Context,
  context,
  type Link,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';

// The W3C trace context of some work, as HTTP headers, Kafka headers, outbox rows and stored
// transactions carry it (https://www.w3.org/TR/trace-context/).
export interface TraceCarrier {
  readonly traceparent?: string;
  readonly tracestate?: string;
}

// A trace context stored with something (a transaction row): nullable columns.
export interface StoredTrace {
  readonly traceparent?: string | null;
  readonly tracestate?: string | null;
}

export { SpanKind };

export interface SpanOptions {
  readonly kind: SpanKind;
  // The parent's carried context (one without a traceparent starts a new trace); absent: the
  // active context.
  readonly parent?: TraceCarrier;
  readonly attributes?: Attributes;
}

const tracer = () => trace.getTracer('platform');

const carrierGetter = {
  keys: (carrier: StoredTrace) => Object.keys(carrier),
  get: (carrier: StoredTrace, key: string) => carrier[key as keyof StoredTrace] ?? undefined,
};

// The active context as a carrier ({} when there is none or tracing is off).
export function currentTraceCarrier(): TraceCarrier {
  return carrierOf(context.active());
}

function carrierOf(traced: Context): TraceCarrier {
  const carrier: { traceparent?: string; tracestate?: string } = {};
  propagation.inject(traced, carrier);
  return carrier;
}

// A carrier's context, or the root context when it carries none (a new trace starts there).
export function contextOf(carrier: StoredTrace): Context {
  return carrier.traceparent ? propagation.extract(ROOT_CONTEXT, carrier, carrierGetter) : ROOT_CONTEXT;
}

// The active span's ids for a log line; undefined outside any span or with tracing off.
export function currentTraceIds(): { trace_id: string; span_id: string } | undefined {
  const span = trace.getActiveSpan();
  if (!span) return undefined;
  const { traceId, spanId } = span.spanContext();
  return trace.isSpanContextValid(span.spanContext()) ? { trace_id: traceId, span_id: spanId } : undefined;
}

export interface StartedSpan {
  readonly span: Span;
  // The context with the span active, to add to (a request's ids) before entering it.
  readonly context: Context;
  // Runs `work` with the span active (its log lines carry its ids; what it calls is its child).
  run<T>(work: () => T): T;
  // The span as the parent of work elsewhere (a request sent, an event published), without
  // entering its context here.
  carrier(): TraceCarrier;
}

// Starts a span (as a child of `parent`, else of the active context); the caller ends it. For
// work whose end is an event (a response that finishes), not a promise.
export function startSpan(name: string, options: SpanOptions): StartedSpan {
  const parent = options.parent ? contextOf(options.parent) : context.active();
  const span = tracer().startSpan(
    name,
    { kind: options.kind, ...(options.attributes ? { attributes: options.attributes } : {}) },
    parent,
  );
  const active: Context = trace.setSpan(parent, span);
  return {
    span,
    context: active,
    run: (work) => context.with(active, work),
    carrier: () => carrierOf(active),
  };
}

// Runs `work` in a new span, ended when the work settles (marked as an error if it throws).
export async function inSpan<T>(
  name: string,
  options: SpanOptions,
  work: (span: Span) => Promise<T>,
): Promise<T> {
  const started = startSpan(name, options);
  try {
    return await started.run(() => work(started.span));
  } catch (error) {
    markFailed(started.span, error);
    throw error;
  } finally {
    started.span.end();
  }
}

// Work done on behalf of something that remembers the trace it was started in (a transaction and
// its stored traceparent): a span in that trace, so the whole of the thing's life is one trace,
// linked to the trace that is active here (a poll, another request), if any. Without a stored
// context, the work runs in the active context as it is.
export async function continueTrace<T>(
  stored: StoredTrace | null,
  name: string,
  work: () => Promise<T>,
): Promise<T> {
  if (!stored?.traceparent) return work();
  const parent = contextOf(stored);
  const active = trace.getActiveSpan()?.spanContext();
  if (trace.getSpanContext(parent)?.traceId === active?.traceId) return work();
  const links: Link[] = active && trace.isSpanContextValid(active) ? [{ context: active }] : [];
  const span = tracer().startSpan(name, { kind: SpanKind.INTERNAL, links }, parent);
  try {
    return await context.with(trace.setSpan(parent, span), work);
  } catch (error) {
    markFailed(span, error);
    throw error;
  } finally {
    span.end();
  }
}

// `callback` to run later (after a commit) in the context active now: its log lines keep this
// work's trace.
export function bindToActiveContext<A extends unknown[], R>(callback: (...args: A) => R): (...args: A) => R {
  return context.bind(context.active(), callback);
}

export function markFailed(span: Span, error: unknown): void {
  span.setStatus({
    code: SpanStatusCode.ERROR,
    message: error instanceof Error ? error.message : String(error),
  });
}
