import { Injectable } from '@nestjs/common';
import { Clock } from '@shared/util';
import { WebhookAttemptStatsQuery } from './webhook-attempt-stats.query.js';
import type { WebhookDeliveryStatsResponseDto } from './webhook-delivery-stats.dto.js';

const DAY_MS = 86_400_000;

// The numbers behind the console's webhook charts, for the last `days` UTC days (today included).
@Injectable()
export class WebhookDeliveryStatsUseCase {
  constructor(
    private readonly attempts: WebhookAttemptStatsQuery,
    private readonly clock: Clock,
  ) {}

  async execute(partnerId: string, days: number): Promise<WebhookDeliveryStatsResponseDto> {
    const today = Math.floor(this.clock.now().getTime() / DAY_MS) * DAY_MS;
    const since = new Date(today - (days - 1) * DAY_MS);
    const daily = await this.attempts.dailyForPartner(partnerId, since);
    return {
      since: since.toISOString(),
      daily: daily.map((row) => ({ ...row, failures: row.attempts - row.successes })),
    };
  }
}
