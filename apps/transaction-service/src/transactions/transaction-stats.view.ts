import { Injectable } from '@nestjs/common';
import { decimal } from '@payout/money';
import { Clock } from '@shared/util';
import type { TransactionStatsResponseDto } from './transaction-stats.dto.js';
import type { TransactionCaller } from './transaction-caller.js';
import { TransactionsRepository } from './transactions.repository.js';

const DAY_MS = 86_400_000;

// The numbers behind the console's charts, for the last `days` UTC days (today included).
@Injectable()
export class TransactionStatsView {
  constructor(
    private readonly transactions: TransactionsRepository,
    private readonly clock: Clock,
  ) {}

  async of(caller: TransactionCaller, days: number): Promise<TransactionStatsResponseDto> {
    const today = Math.floor(this.clock.now().getTime() / DAY_MS) * DAY_MS;
    const since = new Date(today - (days - 1) * DAY_MS);
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
