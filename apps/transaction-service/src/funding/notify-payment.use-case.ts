import { Inject, Injectable } from '@nestjs/common';
import { transferIdProblem } from '@payout/rails';
import { TransactionalOutbox } from '@platform/messaging';
import type { Blockchain, PayoutTopics } from '@shared/contracts';
import { ChainWatchersClient } from '../core/upstreams/chain-watchers.client.js';
import { mayActFor, type TransactionCaller } from '../core/transaction-caller.js';
import { invalidTransactionRequest, transactionNotFound } from '../core/errors/transaction.errors.js';
import { TransactionsRepository } from '../transactions/transactions.repository.js';
import { ApplyDepositUseCase, type ApplyDepositResult } from './apply-deposit.use-case.js';
import { transferNotFound, transferRejected } from '../core/errors/funding.errors.js';
import { INVALID_TRANSFER_REASONS } from './invalid-transfer-reasons.js';

export interface NotifyPaymentCommand {
  readonly blockchain: Blockchain;
  readonly onChainTx: string;
  readonly transactionId: string;
}

// A client reports a Solana or Celo transfer for one of its transactions: chain-watchers reads
// the chain, the funding rules decide. Repeating a report that was applied answers the same.
@Injectable()
export class NotifyPaymentUseCase {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<PayoutTopics>,
    private readonly transactions: TransactionsRepository,
    private readonly chain: ChainWatchersClient,
    private readonly applyDeposit: ApplyDepositUseCase,
  ) {}

  async execute(caller: TransactionCaller, command: NotifyPaymentCommand): Promise<{ enqueued: true }> {
    const transaction = await this.transactions.findForPartner(caller.partnerId, command.transactionId);
    if (!transaction || !mayActFor(caller, transaction.userId)) throw transactionNotFound();
    if (transaction.blockchain !== command.blockchain) {
      throw invalidTransactionRequest(
        `Transaction ${transaction.id} is paid on ${transaction.blockchain}, not ${command.blockchain}`,
      );
    }
    const malformed = transferIdProblem(command.blockchain, command.onChainTx);
    if (malformed) throw invalidTransactionRequest(malformed);
    const verified = await this.chain.verify(command);
    if (verified.status === 'not_found') throw transferNotFound();
    if (verified.status === 'invalid') throw transferRejected(INVALID_TRANSFER_REASONS[verified.reason]);
    const results = await this.outbox.run(async (tx) => {
      const applied: ApplyDepositResult[] = [];
      for (const transfer of verified.transfers) {
        applied.push(await this.applyDeposit.within(tx, transfer, 'NOTIFY', transaction.id));
      }
      return applied;
    });
    if (results.some(({ kind }) => kind === 'applied' || kind === 'already_applied'))
      return { enqueued: true };
    if (results.some(({ kind }) => kind === 'taken')) {
      throw transferRejected('The transfer already funds another transaction');
    }
    const refused = results.find((result) => result.kind === 'refused');
    throw transferRejected(refused?.reason ?? INVALID_TRANSFER_REASONS.no_deposit);
  }
}
