import { ApiProperty } from '@nestjs/swagger';
import { DaysBackQuery } from '@platform/http';

export class WebhookDeliveryStatsRequestDto {
  @DaysBackQuery(14)
  days: number = 14;
}

export class DailyAttemptsDto {
  @ApiProperty({ example: '2026-11-27', description: 'UTC day the attempts started' })
  day!: string;

  @ApiProperty({ description: 'HTTP attempts made (first deliveries, retries and redeliveries)' })
  attempts!: number;

  @ApiProperty({ description: 'Attempts the endpoint answered with a 2xx' })
  successes!: number;

  @ApiProperty({ description: 'Attempts refused, timed out or not connected' })
  failures!: number;

  @ApiProperty({ description: 'Median attempt duration in ms' })
  p50LatencyMs!: number;

  @ApiProperty({ description: '95th percentile attempt duration in ms' })
  p95LatencyMs!: number;
}

// The console's webhook charts: per UTC day with attempts, how many succeeded and how long they took.
export class WebhookDeliveryStatsResponseDto {
  @ApiProperty({ format: 'date-time', description: 'Attempts started since this instant' })
  since!: string;

  @ApiProperty({ type: [DailyAttemptsDto], description: 'Oldest day first; days without attempts left out' })
  daily!: DailyAttemptsDto[];
}
