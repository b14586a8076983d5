import { describe, expect, it } from '@jest/globals';
import { ConfigValidationError, loadConfig } from '@platform/config';
import { MessagingConfig } from './messaging.config.js';

const load = (env: Record<string, string>) => loadConfig({ messaging: MessagingConfig }, env).messaging;

function problemsOf(env: Record<string, string>): string[] {
  try {
    load(env);
  } catch (error) {
    if (error instanceof ConfigValidationError)
      return error.problems.map((problem) => problem.split(':')[0]!);
    throw error;
  }
  return [];
}

describe(MessagingConfig.name, () => {
  const kafka = { EVENT_BUS: 'kafka', KAFKA_BROKERS: '127.0.0.1:9092' };

  it('requires an environment id with Kafka: two deployments never share one by default', () => {
    expect(problemsOf(kafka)).toEqual(['ENVIRONMENT_ID']);
    expect(problemsOf({ ...kafka, ENVIRONMENT_ID: '' })).toEqual(['ENVIRONMENT_ID']);
  });

  it('takes a well-formed environment id and no topic prefix by default', () => {
    const sut = load({ ...kafka, ENVIRONMENT_ID: 'prod-eu' });

    expect(sut.ENVIRONMENT_ID).toBe('prod-eu');
    expect(sut.KAFKA_TOPIC_PREFIX).toBe('');
  });

  it.each(['prod eu', '-prod', 'prod/eu', 'x'.repeat(64)])('refuses the environment id %j', (id) => {
    expect(problemsOf({ ...kafka, ENVIRONMENT_ID: id })).toEqual(['ENVIRONMENT_ID']);
  });

  it('needs none with the in-memory bus (one process, one deployment)', () => {
    expect(problemsOf({ EVENT_BUS: 'memory' })).toEqual([]);
  });

  it('refuses a topic prefix Kafka could not name topics with', () => {
    expect(problemsOf({ ...kafka, ENVIRONMENT_ID: 'prod', KAFKA_TOPIC_PREFIX: 'a/b.' })).toEqual([
      'KAFKA_TOPIC_PREFIX',
    ]);
    expect(
      load({ ...kafka, ENVIRONMENT_ID: 'prod', KAFKA_TOPIC_PREFIX: 'test.1a2b.' }).KAFKA_TOPIC_PREFIX,
    ).toBe('test.1a2b.');
  });
});
