import { Transform } from 'class-transformer';
import { ArrayNotEmpty, IsIn, IsInt, IsString, Matches, Min, ValidateIf } from 'class-validator';
import { ENVIRONMENT_ID_PATTERN, TOPIC_PREFIX_PATTERN } from './environment-identity.js';

export class MessagingConfig {
  // `memory` only makes sense when every app shares one process (standalone mode, tests).
  @IsIn(['kafka', 'memory'])
  EVENT_BUS: 'kafka' | 'memory' = 'kafka';

  @ValidateIf((config: MessagingConfig) => config.EVENT_BUS === 'kafka')
  @Transform(({ value }) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((b) => b.trim())
          .filter(Boolean)
      : value,
  )
  @ArrayNotEmpty({ message: 'KAFKA_BROKERS must list at least one host:port when EVENT_BUS=kafka' })
  @IsString({ each: true })
  KAFKA_BROKERS: string[] = [];

  // This deployment's identity on the broker: stamped on every event it publishes, and its
  // consumers dead-letter, unread, every event carrying another id or none. Required with Kafka
  // (no default: two deployments must never share one by accident); the in-memory bus is one
  // process, hence one deployment, and needs none.
  @ValidateIf((config: MessagingConfig) => config.EVENT_BUS === 'kafka' || config.ENVIRONMENT_ID !== '')
  @Matches(ENVIRONMENT_ID_PATTERN, {
    message:
      'ENVIRONMENT_ID must be set when EVENT_BUS=kafka: 1-63 letters, digits, ".", "_" or "-", starting with a letter or digit',
  })
  ENVIRONMENT_ID: string = '';

  // Prepended to every topic name on the broker. Empty in production; test runs set their own.
  @Matches(TOPIC_PREFIX_PATTERN, {
    message: 'KAFKA_TOPIC_PREFIX may only hold letters, digits, ".", "_" and "-"',
  })
  KAFKA_TOPIC_PREFIX: string = '';

  @IsInt()
  @Min(1)
  KAFKA_TOPIC_PARTITIONS: number = 3;

  @IsInt()
  @Min(10)
  OUTBOX_POLL_INTERVAL_MS: number = 200;

  // How far apart a quiet relay's polls grow (never closer than OUTBOX_POLL_INTERVAL_MS).
  @IsInt()
  @Min(10)
  OUTBOX_IDLE_POLL_MAX_MS: number = 2_000;

  @IsInt()
  @Min(1)
  OUTBOX_BATCH_SIZE: number = 200;

  @IsInt()
  @Min(0)
  OUTBOX_RETENTION_MS: number = 24 * 60 * 60 * 1000;

  @IsInt()
  @Min(1)
  CONSUMER_MAX_ATTEMPTS: number = 5;

  @IsInt()
  @Min(1)
  CONSUMER_RETRY_BASE_MS: number = 200;
}
