import { Injectable } from '@nestjs/common';
import { decimal } from '@payout/money';
import { Clock, utcDaysEndingToday } from '@shared/util';
import type { TransactionStatsResponseDto } from './transaction-stats.dto.js';
import type { TransactionCaller } from '../core/transaction-caller.js';
import { TransactionsRepository } from './transactions.repository.js';

// The numbers behind the console's charts, for the last `days` UTC days (today included).
@Injectable()
export class TransactionStatsView {
  constructor(
    private readonly transactions: TransactionsRepository,
    private readonly clock: Clock,
  ) {}

  async of(caller: TransactionCaller, days: number): Promise<TransactionStatsResponseDto> {
    const since = utcDaysEndingToday(this.clock.now(), days);
    // A wallet caller counts only its own user's transactions (one without a user: none).
    const userId = caller.walletOnly ? (caller.walletUser ?? '') : undefined;
    const [daily, statuses] = await Promise.all([
      this.transactions.dailyActivity(caller.partnerId, userId, since),
      this.transactions.statusMix(caller.partnerId, userId, since),
    ]);
    return {
      since: since.toISOString(),
      daily: daily.map((row) => ({ ...row, volume: decimal(row.volume).toFixed() })),
      statuses: [...statuses],
    };
  }
}
