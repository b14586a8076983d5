import { Injectable } from '@nestjs/common';
import { decimal } from '@payout/money';
import { paymentRail } from '@payout/rails';
import { Clock } from '@shared/util';
import type { TransactionCaller } from '../core/transaction-caller.js';
import type { CapUsageResponseDto } from './cap-usage.response.dto.js';
import { DailyCapsRepository } from './daily-caps.repository.js';
import { RailCapsClient } from './rail-caps.client.js';
import { railDay } from './rail-day.js';

const USERS_LISTED = 50;

// A partner's usage today against each rail's caps (the web console's Limits page). Counts what
// the caps count: shares of transactions accepted today in the rail's country and not given back.
// A wallet (Bearer) sees only its own user.
@Injectable()
export class CapUsageView {
  constructor(
    private readonly repository: DailyCapsRepository,
    private readonly railCaps: RailCapsClient,
    private readonly clock: Clock,
  ) {}

  async of(caller: TransactionCaller): Promise<CapUsageResponseDto> {
    const now = this.clock.now();
    const rails = await Promise.all(
      (await this.railCaps.all()).map(async ({ paymentMethod, targetCurrency, ...caps }) => {
        const day = railDay(paymentMethod, now);
        const users = await this.repository.partnerUsers(caller.partnerId, paymentMethod, day, USERS_LISTED);
        const visible = caller.walletOnly ? users.filter((user) => user.userId === caller.walletUser) : users;
        const partner = caller.walletOnly
          ? { amount: visible[0]?.amount ?? '0', count: visible[0]?.count ?? 0 }
          : await this.repository.partnerTotal(caller.partnerId, paymentMethod, day);
        return {
          paymentMethod,
          targetCurrency,
          timeZone: paymentRail(paymentMethod).timeZone,
          day,
          caps,
          partner: { amount: decimal(partner.amount).toFixed(), count: partner.count },
          users: visible.map((user) => ({ ...user, amount: decimal(user.amount).toFixed() })),
        };
      }),
    );
    return { rails };
  }
}
