import { Injectable } from '@nestjs/common';
import { Blockchain } from '@shared/contracts';
import { DepositIntake } from '../deposits/deposit-intake.js';
import { DepositLedgerRepository, type DepositBatch } from '../deposits/deposit-ledger.repository.js';
import { ChainRegistry } from '../core/upstreams/chain-registry.js';
import { StellarHorizon } from './stellar-horizon.js';
import { memoProblem } from './stellar-memo.js';
import { operationIndex, stellarDeposit, type StellarPaymentRecord } from './stellar-payments.js';

const NO_MEMO = { memo_type: 'none' } as const;

// One Horizon payment record, from a stream (which advances its cursor with it) or from a
// reconciliation page (which does not): a deposit is recorded and announced once, anything else
// only moves the cursor. A deposit without a usable memo is announced too (transaction-service
// decides what to do with it) and flagged for operations.
@Injectable()
export class RecordStellarPaymentUseCase {
  constructor(
    private readonly registry: ChainRegistry,
    private readonly horizon: StellarHorizon,
    private readonly ledger: DepositLedgerRepository,
    private readonly intake: DepositIntake,
  ) {}

  // True when the record was a deposit seen for the first time.
  async execute(
    record: StellarPaymentRecord,
    foundBy: DepositBatch['foundBy'],
    cursor?: DepositBatch['cursor'],
  ): Promise<boolean> {
    let chain = await this.registry.chain(Blockchain.STELLAR);
    const index = operationIndex(record.id);
    let candidate = stellarDeposit(record, index, NO_MEMO, chain, null);
    if (!candidate && cursor) {
      // Ask again before moving the cursor past it: the asset may have been rotated in since.
      chain = await this.registry.chain(Blockchain.STELLAR, true);
      candidate = stellarDeposit(record, index, NO_MEMO, chain, null);
    }
    if (!candidate) return cursor ? this.ledger.record({ deposit: null, foundBy, cursor }) : false;
    if (!cursor && (await this.ledger.isSeen(candidate))) return false;
    const transaction = await this.horizon.server.transactions().transaction(record.transaction_hash).call();
    const fact = stellarDeposit(record, index, transaction, chain, null)!;
    const recorded = await this.intake.record({
      deposit: { fact, memoProblem: memoProblem(transaction) },
      foundBy,
      cursor,
    });
    return recorded.inserted;
  }
}
