import { Injectable } from '@nestjs/common';
import { decimal } from '@payout/money';
import { TransactionServiceConfig } from '../core/transaction-service.config.js';
import { kybRefusals } from '../core/errors/kyb.errors.js';
import { PartnerKybRepository } from './partner-kyb.repository.js';

export interface KybQuestion {
  readonly partnerId: string;
  // The source amount of the quote being accepted.
  readonly amount: string;
  readonly cryptoCurrency: string;
}

// Asked before a quote is accepted: an approved partner may go on; a rejected one may not; a
// pending one only while its completed transactions and this one stay within its limit.
@Injectable()
export class KybGate {
  constructor(
    private readonly kyb: PartnerKybRepository,
    private readonly config: TransactionServiceConfig,
  ) {}

  async assertMayAccept({ partnerId, amount, cryptoCurrency }: KybQuestion): Promise<void> {
    const kyb = await this.kyb.find(partnerId);
    if (!kyb || kyb.status === 'approved') return;
    if (kyb.status === 'rejected') throw kybRefusals.rejected();
    const limit = decimal(kyb.pendingLimit ?? this.config.KYB_PENDING_LIMIT);
    const completed = decimal(await this.kyb.completedVolume(partnerId));
    if (completed.plus(decimal(amount)).gt(limit)) {
      throw kybRefusals.pendingLimit(
        limit.toFixed(),
        cryptoCurrency,
        completed.toFixed(),
        decimal(amount).toFixed(),
      );
    }
  }
}
