import { Injectable } from '@nestjs/common';
import { NotFoundError } from '@stellar/stellar-sdk';
import { chainRail } from '@payout/rails';
import { Blockchain } from '@shared/contracts';
import type { TransactionReader, TransactionReading } from '../core/chains/chain-adapter.js';
import { StellarHorizon } from './stellar-horizon.js';
import { factMemoProblem } from './stellar-memo.js';
import { operationIndex, stellarDeposit, type StellarPaymentRecord } from './stellar-payments.js';

const HASH = chainRail(Blockchain.STELLAR).transferId.pattern;

// A Stellar transaction (by hash) is a deposit when it succeeded and one of its payments paid
// an active asset into a deposit address (operations reconcile a hash this way). Deposit
// addresses are shared (the memo names the transaction), so no recipient is a per-transaction
// account.
@Injectable()
export class StellarTransactionReader implements TransactionReader {
  constructor(private readonly horizon: StellarHorizon) {}

  async read(hash: string): Promise<TransactionReading> {
    if (!HASH.test(hash)) return { status: 'not_found' };
    let transaction;
    try {
      transaction = await this.horizon.server.transactions().transaction(hash).call();
    } catch (error) {
      if (error instanceof NotFoundError) return { status: 'not_found' };
      throw error;
    }
    if (!transaction.successful) return { status: 'invalid', reason: 'failed' };
    const page = await this.horizon.server.payments().forTransaction(hash).limit(200).call();
    const records = page.records as unknown as StellarPaymentRecord[];
    return {
      status: 'landed',
      recipients: [],
      deposits: (ours, transactionId) =>
        records.flatMap((record) => {
          const fact = stellarDeposit(record, operationIndex(record.id), transaction, ours, transactionId);
          return fact ? [{ fact, memoProblem: factMemoProblem(fact.memo) }] : [];
        }),
    };
  }
}
