import { Injectable } from '@nestjs/common';
import { chainRail } from '@payout/rails';
import type { DetectedDeposit } from '../core/chains/chain-adapter.js';
import {
  TransactionTracesClient,
  type TransactionTrace,
} from '../core/upstreams/transaction-traces.client.js';
import { DepositAccountsRepository } from '../deposit-accounts/deposit-accounts.repository.js';

// The transaction a deposit is for, and the trace that transaction was created in, so that the
// deposit is reported in it: a transaction's own account keeps its trace (opened by the creating
// request); a memo-bound deposit's well-formed memo is asked of transaction-service. Null when
// the deposit names no transaction (no memo, a malformed one, one matching nothing).
@Injectable()
export class DepositTransactionFinder {
  constructor(
    private readonly accounts: DepositAccountsRepository,
    private readonly traces: TransactionTracesClient,
  ) {}

  async find({ fact, memoProblem }: DetectedDeposit): Promise<TransactionTrace | null> {
    if (fact.transactionId) {
      const account = await this.accounts.traceOf(fact.blockchain, fact.transactionId);
      return { transactionId: fact.transactionId, traceparent: account?.traceparent ?? null };
    }
    if (chainRail(fact.blockchain).binding !== 'memo' || !fact.memo || memoProblem) return null;
    return this.traces.ofReference(fact.memo);
  }
}
