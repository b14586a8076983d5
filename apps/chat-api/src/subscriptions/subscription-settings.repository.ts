import { Injectable } from '@nestjs/common';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import type { SubscriptionColumn } from './subscription-property.js';

// A user's settings of their own subscriptions.
@Injectable()
export class SubscriptionSettingsRepository {
  // `column` comes from the fixed list of settings, never from the request's text.
  async set(
    unit: UnitOfWork,
    userId: number,
    streamId: number,
    column: SubscriptionColumn,
    value: boolean | string,
  ): Promise<void> {
    await entityManagerOf(unit).query(
      `UPDATE "chat"."subscription" SET "${column}" = $3 WHERE "user_id" = $1 AND "stream_id" = $2`,
      [userId, streamId, value],
    );
  }
}
