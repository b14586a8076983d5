import { propagation, trace } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { installAsyncContext } from '../async-context.js';
import { PropagatingTracerProvider } from './propagating-tracer.js';
import { tracingSettings } from './tracing.config.js';

let provider: BasicTracerProvider | PropagatingTracerProvider | null = null;

export interface TracingOptions {
  // OTEL_SERVICE_NAME when set, else this (the app's name).
  readonly serviceName: string;
  readonly env?: Readonly<Record<string, string | undefined>>;
  // Tests collect the finished spans here.
  readonly spanProcessors?: readonly SpanProcessor[];
}

// Registers the process's tracer provider, W3C trace-context propagation and async context, once
// per process: the first app started names the service (standalone mode runs every app in one
// process, and their log lines still carry each app's `service`). Manual spans at the platform's
// seams only (HTTP in and out, outbox relay, event consumers): no auto-instrumentation.
export function startTracing({ serviceName, env, spanProcessors = [] }: TracingOptions): void {
  if (provider) return;
  const settings = tracingSettings(serviceName, env);
  if (!settings.enabled) return;
  // Spans are recorded only for someone to receive them: an exporter or a test's processors.
  // Otherwise only their ids are made, unless a named sampler has its say in what is sampled.
  const recorded = settings.exportSpans || spanProcessors.length > 0 || settings.samplerNamed;
  provider = recorded
    ? new BasicTracerProvider({
        resource: resourceFromAttributes({ 'service.name': settings.serviceName }),
        // Export batched, off the request path.
        spanProcessors: [
          ...(settings.exportSpans ? [new BatchSpanProcessor(new OTLPTraceExporter())] : []),
          ...spanProcessors,
        ],
      })
    : new PropagatingTracerProvider();
  installAsyncContext();
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
}

// Sends what is still batched (an app that stops).
export async function flushTraces(): Promise<void> {
  if (provider instanceof BasicTracerProvider) await provider.forceFlush();
}
