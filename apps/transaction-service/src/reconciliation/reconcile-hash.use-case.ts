import { Inject, Injectable } from '@nestjs/common';
import { chainRail } from '@payout/rails';
import { TransactionalOutbox } from '@platform/messaging';
import { type Blockchain, type PayoutTopics, type TransactionStatus } from '@shared/contracts';
import { CodedError } from '@shared/util';
import { ApplyDepositUseCase, type ApplyDepositResult } from '../funding/apply-deposit.use-case.js';
import { DepositsRepository } from '../deposits/deposits.repository.js';
import { INVALID_TRANSFER_REASONS } from '../funding/invalid-transfer-reasons.js';
import { transactionNotFound } from '../core/errors/transaction.errors.js';
import { TransactionsRepository } from '../transactions/transactions.repository.js';
import { ChainWatchersClient } from '../core/upstreams/chain-watchers.client.js';
import { ReconcileAuditsRepository, type ReconcileAuditRecord } from './reconcile-audits.repository.js';

export type ReconcileResult = 'already_processed' | 'enqueued' | 'not_found' | 'invalid' | 'unresolved';

export interface ReconcileHashCommand {
  // Who asked, for the audit trail.
  readonly actor: string;
  readonly blockchain: Blockchain;
  readonly onChainTx: string;
  readonly transactionId: string | null;
}

export interface ReconcileAnswer {
  readonly blockchain: Blockchain;
  readonly on_chain_tx: string;
  readonly result: ReconcileResult;
  readonly transaction_id: string | null;
  readonly status: TransactionStatus | null;
  readonly reason?: string;
}

// Operations recover a transfer the automatic paths missed (no or wrong memo, a notify never
// sent): the chain is read through chain-watchers and the transfer applied by the same funding
// rules as the stream and notify, under the same one-transfer-one-transaction constraint.
@Injectable()
export class ReconcileHashUseCase {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<PayoutTopics>,
    private readonly transactions: TransactionsRepository,
    private readonly deposits: DepositsRepository,
    private readonly chain: ChainWatchersClient,
    private readonly applyDeposit: ApplyDepositUseCase,
    private readonly audit: ReconcileAuditsRepository,
  ) {}

  // Every call leaves one audit row, refusals and failures included; a call that applies a
  // transfer writes it in the same database transaction as the transfer.
  async execute(command: ReconcileHashCommand): Promise<ReconcileAnswer> {
    const call: ReconcileCall = { command, audited: false };
    let answer: ReconcileAnswer | null = null;
    let failure = 'error';
    try {
      answer = await this.reconcile(call);
      return answer;
    } catch (error) {
      if (error instanceof CodedError) failure = `error:${String(error.code)}`;
      throw error;
    } finally {
      if (!call.audited) {
        await this.audit.record(
          auditOf(command, {
            result: answer?.result ?? failure,
            transactionId: answer?.transaction_id ?? null,
            reason: answer?.reason ?? null,
          }),
        );
      }
    }
  }

  private async reconcile(call: ReconcileCall): Promise<ReconcileAnswer> {
    const { command } = call;
    const { blockchain, onChainTx, transactionId } = command;
    const requested = transactionId ? await this.transactions.findAnyPartner(transactionId) : null;
    if (transactionId && !requested) throw transactionNotFound();
    const answer = (result: ReconcileResult, id: string | null, reason?: string) =>
      this.answer(command, result, id, reason);
    if (requested && requested.blockchain !== blockchain) {
      return answer(
        'invalid',
        requested.id,
        `Transaction ${requested.id} is paid on ${requested.blockchain}, not ${blockchain}`,
      );
    }
    const verified = await this.chain.verify({
      blockchain,
      onChainTx,
      ...(requested ? { transactionId: requested.id } : {}),
    });
    if (verified.status === 'not_found') {
      return answer(
        'not_found',
        requested?.id ?? null,
        'The chain does not know this transaction, or it is not final yet',
      );
    }
    if (verified.status === 'invalid') {
      return answer('invalid', requested?.id ?? null, INVALID_TRANSFER_REASONS[verified.reason]);
    }
    const recorded = await Promise.all(
      verified.transfers.map((transfer) => this.deposits.findCommittedByTransfer(transfer)),
    );
    const owner = recorded.find((deposit) => deposit?.transactionId)?.transactionId ?? null;
    if (owner && (!requested || owner === requested.id)) return answer('already_processed', owner);
    // Only a memo names its transaction; an address-bound transfer needs the caller to name it.
    if (!requested && chainRail(blockchain).binding !== 'memo') {
      return answer('unresolved', null, `transaction_id is required to match a ${blockchain} transfer`);
    }
    const outcome = await this.outbox.run(async (tx) => {
      const applied: ApplyDepositResult[] = [];
      for (const transfer of verified.transfers) {
        applied.push(await this.applyDeposit.within(tx, transfer, 'RECONCILE', requested?.id ?? null));
      }
      const summary = summarise(applied, requested?.id ?? null);
      await this.audit.record(auditOf(command, summary), tx);
      return summary;
    });
    call.audited = true;
    return this.answer(command, outcome.result, outcome.transactionId, outcome.reason ?? undefined);
  }

  private async answer(
    command: ReconcileHashCommand,
    result: ReconcileResult,
    transactionId: string | null,
    reason?: string,
  ): Promise<ReconcileAnswer> {
    const transaction = transactionId ? await this.transactions.findAnyPartner(transactionId) : null;
    return {
      blockchain: command.blockchain,
      on_chain_tx: command.onChainTx,
      result,
      transaction_id: transactionId,
      status: transaction?.status ?? null,
      ...(reason ? { reason } : {}),
    };
  }
}

// One reconcile call: whether its audit row is already written (with the transfer it applied).
interface ReconcileCall {
  readonly command: ReconcileHashCommand;
  audited: boolean;
}

interface ReconcileOutcome {
  readonly result: ReconcileResult;
  readonly transactionId: string | null;
  readonly reason: string | null;
}

const auditOf = (
  command: ReconcileHashCommand,
  outcome: { readonly result: string; readonly transactionId: string | null; readonly reason: string | null },
): ReconcileAuditRecord => ({
  actor: command.actor,
  blockchain: command.blockchain,
  onChainTx: command.onChainTx,
  requestedTransactionId: command.transactionId,
  ...outcome,
});

// What applying the chain's transfers came to.
function summarise(results: readonly ApplyDepositResult[], requestedId: string | null): ReconcileOutcome {
  const outcome = (result: ReconcileResult, transactionId: string | null, reason: string | null = null) => ({
    result,
    transactionId,
    reason,
  });
  const first = (kind: ApplyDepositResult['kind']) => results.find((result) => result.kind === kind);
  const applied = first('applied');
  if (applied?.kind === 'applied') return outcome('enqueued', applied.transactionId);
  const done = first('already_applied');
  if (done?.kind === 'already_applied') return outcome('already_processed', done.transactionId);
  if (first('taken'))
    return outcome('invalid', requestedId, 'The transfer already funds another transaction');
  const refused = first('refused');
  if (refused?.kind === 'refused') return outcome('invalid', requestedId, refused.reason);
  const unmatched = first('unmatched');
  return outcome(
    'unresolved',
    null,
    unmatched?.kind === 'unmatched' ? unmatched.reason : 'No transfer of this transaction could be matched',
  );
}
