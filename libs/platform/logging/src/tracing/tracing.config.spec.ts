import { describe, expect, it } from '@jest/globals';
import { tracingSettings } from './tracing.config.js';

describe(tracingSettings.name, () => {
  it('makes spans but exports none by default, named after the app', () => {
    expect(tracingSettings('transaction-service', {})).toEqual({
      enabled: true,
      serviceName: 'transaction-service',
      exportSpans: false,
      samplerNamed: false,
    });
  });

  it.each([
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://localhost:4318' }, true],
    [{ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://localhost:4318/v1/traces' }, true],
    [{ OTEL_TRACES_EXPORTER: 'otlp' }, true],
    [{ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://localhost:4318' }, false],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: ' ' }, false],
  ])('exports over OTLP with %j: %s', (env, exportSpans) => {
    expect(tracingSettings('app', env).exportSpans).toBe(exportSpans);
  });

  it('honours OTEL_SERVICE_NAME and OTEL_SDK_DISABLED', () => {
    expect(
      tracingSettings('app', { OTEL_SERVICE_NAME: 'payouts-eu', OTEL_SDK_DISABLED: 'TRUE' }),
    ).toMatchObject({
      enabled: false,
      serviceName: 'payouts-eu',
    });
  });
});
