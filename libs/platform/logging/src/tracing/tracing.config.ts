// The standard OpenTelemetry variables this platform honours (the SDK and the OTLP exporter read
// the rest themselves: OTEL_TRACES_SAMPLER, OTEL_TRACES_SAMPLER_ARG, OTEL_EXPORTER_OTLP_HEADERS,
// OTEL_EXPORTER_OTLP_TIMEOUT, …). Spans are always made, so every log line has a trace id;
// they leave the process only when an OTLP destination is named.
export interface TracingSettings {
  // OTEL_SDK_DISABLED=true: no spans, no trace ids, nothing propagated.
  readonly enabled: boolean;
  readonly serviceName: string;
  readonly exportSpans: boolean;
  // OTEL_TRACES_SAMPLER named: the SDK's sampler decides which traces go on sampled, even when
  // nothing is exported here (a service downstream may export).
  readonly samplerNamed: boolean;
}

export function tracingSettings(
  defaultServiceName: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): TracingSettings {
  const value = (name: string) => env[name]?.trim() || undefined;
  const exporters = (value('OTEL_TRACES_EXPORTER') ?? '').toLowerCase().split(',');
  const endpointNamed = Boolean(
    value('OTEL_EXPORTER_OTLP_ENDPOINT') ?? value('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'),
  );
  return {
    enabled: value('OTEL_SDK_DISABLED')?.toLowerCase() !== 'true',
    serviceName: value('OTEL_SERVICE_NAME') ?? defaultServiceName,
    exportSpans: !exporters.includes('none') && (exporters.includes('otlp') || endpointNamed),
    samplerNamed: value('OTEL_TRACES_SAMPLER') !== undefined,
  };
}
