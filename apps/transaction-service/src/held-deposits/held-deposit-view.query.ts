import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { decimal } from '@payout/money';
import { DepositEntity } from '../deposits/deposit.entity.js';
import { depositView } from '../deposits/deposit.view.js';
import { RefundEntity } from '../refunds/refund.entity.js';
import { TransactionEntity } from '../transactions/transaction.entity.js';
import type { HeldDepositResponseDto } from './held-deposit.response.dto.js';
import { HeldDepositAuditsRepository } from './held-deposit-audits.repository.js';

// A held transfer as an operator resolved it: the deposit, how it was resolved, its refunds and
// the status of the transaction it was assigned to, as committed now.
@Injectable()
export class HeldDepositViewQuery {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly audits: HeldDepositAuditsRepository,
  ) {}

  async of(depositId: string): Promise<HeldDepositResponseDto> {
    const [deposit, resolution, refunds] = await Promise.all([
      this.dataSource.getRepository(DepositEntity).findOneByOrFail({ id: depositId }),
      this.audits.resolutionOf(null, depositId),
      this.dataSource
        .getRepository(RefundEntity)
        .find({ where: { depositId }, order: { requestedAt: 'ASC', id: 'ASC' } }),
    ]);
    // Only a deposit an operator resolved is answered; the caller has just checked that.
    if (!resolution) throw new Error(`deposit ${depositId} was not resolved by an operator`);
    const transaction = deposit.transactionId
      ? await this.dataSource
          .getRepository(TransactionEntity)
          .findOne({ where: { id: deposit.transactionId }, select: { id: true, status: true } })
      : null;
    return {
      ...depositView(deposit),
      outcome: deposit.outcome,
      transactionId: deposit.transactionId,
      transactionStatus: transaction?.status ?? null,
      resolution: {
        action: resolution.action,
        actor: resolution.actor,
        resolvedAt: resolution.requestedAt.toISOString(),
        destination: resolution.action === 'refund' ? resolution.target : null,
        transactionId: resolution.action === 'assign' ? resolution.target : null,
      },
      refunds: refunds.map((refund) => ({
        id: refund.id,
        status: refund.status,
        destination: refund.destination,
        // The column's scale pads with zeros.
        amount: decimal(refund.amount).toFixed(),
        reason: refund.reason,
        on_chain_tx: refund.onChainTx,
        failureReason: refund.failureReason,
      })),
    };
  }
}
