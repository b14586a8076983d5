import { describe, expect, it } from '@jest/globals';
import { createLogger } from '@platform/logging';
import { ENVIRONMENT_ID_PATTERN, environmentRefusal, printableEnvironment } from './environment-identity.js';
import { KafkaEventBus } from './kafka-event-bus.js';

describe(environmentRefusal.name, () => {
  it("accepts an event carrying this deployment's environment id", () => {
    expect(environmentRefusal('prod-eu', 'prod-eu')).toBeNull();
  });

  it('refuses an event of another environment, naming it', () => {
    expect(environmentRefusal('test-1a2b3c4d', 'prod-eu')).toBe(
      'event of another environment (test-1a2b3c4d)',
    );
  });

  it('refuses an event carrying no environment id (an older or foreign producer)', () => {
    expect(environmentRefusal(undefined, 'prod-eu')).toBe('event carries no environment id');
    expect(environmentRefusal('', 'prod-eu')).toBe('event carries no environment id');
  });

  it('compares exactly: case and prefixes matter', () => {
    expect(environmentRefusal('PROD-EU', 'prod-eu')).not.toBeNull();
    expect(environmentRefusal('prod-eu-2', 'prod-eu')).not.toBeNull();
    expect(environmentRefusal('prod', 'prod-eu')).not.toBeNull();
  });

  it('keeps whatever a foreign producer wrote out of logs and metrics as it was', () => {
    expect(printableEnvironment('evil\n{"level":60}')).toBe('evil???level??60?');
    expect(printableEnvironment('x'.repeat(100))).toBe(`${'x'.repeat(64)}…`);
  });
});

describe('ENVIRONMENT_ID_PATTERN', () => {
  it.each(['prod', 'prod-eu.1', 'test-1a2b3c4d', 'A_b'])('accepts %s', (id) => {
    expect(ENVIRONMENT_ID_PATTERN.test(id)).toBe(true);
  });

  it.each(['', '-prod', 'prod eu', 'prod/eu', 'x'.repeat(64)])('refuses %j', (id) => {
    expect(ENVIRONMENT_ID_PATTERN.test(id)).toBe(false);
  });
});

describe(KafkaEventBus.name, () => {
  const logger = createLogger({ service: 'kafka-options-test', level: 'silent' });
  const options = { clientId: 'test', brokers: ['127.0.0.1:1'], logger };

  it('refuses to exist without an environment id', () => {
    expect(() => new KafkaEventBus({ ...options, environmentId: '' })).toThrow(/environment id/);
  });

  it('refuses a topic prefix Kafka could not name a topic with', () => {
    expect(() => new KafkaEventBus({ ...options, environmentId: 'prod', topicPrefix: 'a/b.' })).toThrow(
      /topic prefix/,
    );
  });
});
