import { Transform } from 'class-transformer';
import { ArrayNotEmpty, IsIn, IsInt, IsString, Min, ValidateIf } from 'class-validator';

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

  @IsInt()
  @Min(1)
  KAFKA_TOPIC_PARTITIONS: number = 3;

  @IsInt()
  @Min(10)
  OUTBOX_POLL_INTERVAL_MS: number = 200;

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
