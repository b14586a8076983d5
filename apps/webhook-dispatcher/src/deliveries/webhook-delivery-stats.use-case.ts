import { Injectable } from '@nestjs/common';
import { Clock, utcDaysEndingToday } from '@shared/util';
import { WebhookAttemptStatsQuery } from './webhook-attempt-stats.query.js';
import type { WebhookDeliveryStatsResponseDto } from './webhook-delivery-stats.dto.js';

// The numbers behind the console's webhook charts, for the last `days` UTC days (today included).
@Injectable()
export class WebhookDeliveryStatsUseCase {
  constructor(
    private readonly attempts: WebhookAttemptStatsQuery,
    private readonly clock: Clock,
  ) {}

  async execute(partnerId: string, days: number): Promise<WebhookDeliveryStatsResponseDto> {
    const since = utcDaysEndingToday(this.clock.now(), days);
    const daily = await this.attempts.dailyForPartner(partnerId, since);
    return {
      since: since.toISOString(),
      daily: daily.map((row) => ({ ...row, failures: row.attempts - row.successes })),
    };
  }
}
