import { Inject, Injectable } from '@nestjs/common';
import { decimal } from '@payout/money';
import { addressProblem, sameAddress } from '@payout/rails';
import { TransactionalOutbox, type OutboxTransaction } from '@platform/messaging';
import type { DepositDetectedV1, PayoutTopics } from '@shared/contracts';
import { CodedError } from '@shared/util';
import {
  depositAlreadyResolved,
  depositNotAssignable,
  depositNotFound,
} from '../core/errors/held-deposit.errors.js';
import { invalidTransactionRequest, transactionNotFound } from '../core/errors/transaction.errors.js';
import type { DepositEntity } from '../deposits/deposit.entity.js';
import { DepositMetrics } from '../deposits/deposit-metrics.js';
import { DepositsRepository } from '../deposits/deposits.repository.js';
import { ApplyDepositUseCase } from '../funding/apply-deposit.use-case.js';
import { RefundRequests } from '../refunds/refund-requests.js';
import { TransactionsRepository } from '../transactions/transactions.repository.js';
import type { HeldDepositAuditEntity } from './held-deposit-audit.entity.js';
import {
  HeldDepositAuditsRepository,
  type HeldDepositAuditRecord,
} from './held-deposit-audits.repository.js';
import type { HeldDepositResponseDto } from './held-deposit.response.dto.js';
import { HeldDepositViewQuery } from './held-deposit-view.query.js';

export type HeldDepositRequest =
  // To the sender (destination null) or to an address the operator names.
  | { readonly action: 'refund'; readonly destination: string | null }
  | { readonly action: 'assign'; readonly transactionId: string };

export type ResolveHeldDepositCommand = HeldDepositRequest & {
  // Who asked, for the audit trail.
  readonly actor: string;
  readonly depositId: string;
};

// An operator finishes a held transfer (a deposit that funds no transaction): sends it back
// whole, or gives it to the transaction it pays under the funding rules. The deposit row is
// locked, so of concurrent requests exactly one resolves it; the request that did is the one a
// repeat is compared with (answered the same, idempotent), and anything else about a resolved
// deposit is refused. Every request leaves one audit row.
@Injectable()
export class ResolveHeldDepositUseCase {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<PayoutTopics>,
    private readonly deposits: DepositsRepository,
    private readonly transactions: TransactionsRepository,
    private readonly applyDeposit: ApplyDepositUseCase,
    private readonly refunds: RefundRequests,
    private readonly metrics: DepositMetrics,
    private readonly audits: HeldDepositAuditsRepository,
    private readonly views: HeldDepositViewQuery,
  ) {}

  async execute(command: ResolveHeldDepositCommand): Promise<HeldDepositResponseDto> {
    try {
      const deposit = await this.outbox.run((tx) => this.resolve(tx, command));
      return await this.views.of(deposit.id);
    } catch (error) {
      // The refusal's transaction rolled back: its audit row is written on its own.
      if (error instanceof CodedError) {
        await this.audits.record({
          ...auditOf(command, requestedTarget(command)),
          result: `error:${String(error.code)}`,
          reason: error.reason,
        });
      }
      throw error;
    }
  }

  private async resolve(tx: OutboxTransaction<PayoutTopics>, command: ResolveHeldDepositCommand) {
    // The transaction before the deposit, in the order the funding rules lock them, so that an
    // assignment and a reconciliation of one transfer never wait on each other in a cycle.
    const transaction =
      command.action === 'assign' ? await this.transactions.lockForChange(tx, command.transactionId) : null;
    const deposit = await this.deposits.lockById(tx, command.depositId);
    if (!deposit) throw depositNotFound();
    const target =
      command.action === 'refund' ? destinationOf(deposit, command.destination) : command.transactionId;
    if (isResolved(deposit)) {
      const resolution = await this.audits.resolutionOf(tx, deposit.id);
      if (resolution?.action !== command.action || resolution.target !== target) {
        throw depositAlreadyResolved(resolvedBy(deposit, resolution));
      }
      await this.audits.record({ ...auditOf(command, target), result: 'repeated', reason: null }, tx);
      return deposit;
    }
    if (command.action === 'refund') {
      await this.refund(tx, deposit, target, command.actor);
    } else {
      if (!transaction) throw transactionNotFound();
      const applied = await this.applyDeposit.within(tx, transferOf(deposit), 'OPERATOR', transaction.id);
      if (applied.kind === 'refused') throw depositNotAssignable(applied.reason);
      // Under the deposit's lock nothing else can have matched it.
      if (applied.kind !== 'applied')
        throw new Error(`held deposit ${deposit.id} not assigned: ${applied.kind}`);
    }
    await this.audits.record({ ...auditOf(command, target), result: 'resolved', reason: null }, tx);
    return deposit;
  }

  private async refund(
    tx: OutboxTransaction<PayoutTopics>,
    deposit: DepositEntity,
    destination: string,
    actor: string,
  ): Promise<void> {
    await this.deposits.markRefunded(tx, deposit.id, 'OPERATOR');
    this.metrics.recordedWithin(tx, { ...deposit, outcome: 'REFUNDED', source: 'OPERATOR' });
    // chain-watchers sends anywhere but to the sender only when an operator is named for it.
    const namedBy = destination === deposit.sender ? null : actor;
    await this.refunds.requestHeld(tx, deposit, destination, namedBy);
  }
}

// Funds a transaction, or was sent back by an operator: nothing left to decide.
const isResolved = (deposit: DepositEntity) =>
  deposit.transactionId !== null || deposit.outcome !== 'UNMATCHED';

// Where a refund goes: the sender, unless the operator names another address of the deposit's
// chain (the sender's own address, however written, is the sender).
function destinationOf(deposit: DepositEntity, named: string | null): string {
  if (named === null || sameAddress(deposit.blockchain, named, deposit.sender)) return deposit.sender;
  const problem = addressProblem(deposit.blockchain, named);
  if (problem) throw invalidTransactionRequest(problem);
  return named;
}

// What resolved a deposit, for the operator who finds it resolved.
function resolvedBy(deposit: DepositEntity, resolution: HeldDepositAuditEntity | null): string {
  if (resolution?.action === 'refund') return `refunded to ${resolution.target} by ${resolution.actor}`;
  if (resolution?.action === 'assign')
    return `assigned to transaction ${resolution.target} by ${resolution.actor}`;
  if (deposit.transactionId) return `it belongs to transaction ${deposit.transactionId} (${deposit.outcome})`;
  return `it was ${deposit.outcome.toLowerCase()}`;
}

// The deposit as chain-watchers reported it, for the funding rules.
function transferOf(deposit: DepositEntity): DepositDetectedV1 {
  return {
    blockchain: deposit.blockchain,
    onChainTx: deposit.onChainTx,
    transferIndex: deposit.transferIndex,
    cryptoCurrency: deposit.cryptoCurrency,
    asset: deposit.asset,
    depositAddress: deposit.depositAddress,
    sender: deposit.sender,
    amount: decimal(deposit.amount).toFixed(),
    memo: deposit.memo,
    transactionId: null,
    confirmedAt: deposit.confirmedAt.toISOString(),
  };
}

// The target as the request named it (a refused request's destination is recorded as typed).
const requestedTarget = (command: ResolveHeldDepositCommand) =>
  command.action === 'refund' ? command.destination : command.transactionId;

const auditOf = (
  command: ResolveHeldDepositCommand,
  target: string | null,
): Pick<HeldDepositAuditRecord, 'actor' | 'action' | 'depositId' | 'target'> => ({
  actor: command.actor,
  action: command.action,
  depositId: command.depositId,
  target,
});
