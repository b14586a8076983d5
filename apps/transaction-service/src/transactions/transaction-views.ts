import { Injectable } from '@nestjs/common';
import { decimal, toJsonNumber } from '@payout/money';
import { PaymentContextBuilder } from './payment-context.js';
import { RecipientVault } from './recipient-vault.js';
import { mayActFor, type TransactionCaller } from '../core/transaction-caller.js';
import type { TransactionEntity } from './transaction.entity.js';
import { transactionNotFound } from '../core/errors/transaction.errors.js';
import { TransactionsRepository } from './transactions.repository.js';
import type { SearchTransactionsRequestDto } from './search-transactions.request.dto.js';
import type { TransactionSearchResponseDto } from './transaction-search.response.dto.js';
import { transactionSummaryOf } from './transaction-summary.js';
import { transactionFilterOf } from './transaction-filter.query.js';
import { transactionTermsOf } from './transaction-terms.js';
import { isTransactionId } from './transaction-id.js';
import type {
  TransactionListItemDto,
  TransactionListResponseDto,
  TransactionStatusResponseDto,
} from './transaction.response.dto.js';

export interface PageRequest {
  readonly externalUserId: string;
  readonly page: number;
  readonly pageSize: number;
}

// What partners (and operators) read about transactions. A malformed id, another partner's id
// and, for a wallet, another user's id all answer the same 404.
@Injectable()
export class TransactionViews {
  constructor(
    private readonly transactions: TransactionsRepository,
    private readonly paymentContext: PaymentContextBuilder,
    private readonly vault: RecipientVault,
  ) {}

  // The read partners poll: chained on the statement, not awaited (on Node 20 each promise runs
  // the AsyncLocalStorage hooks).
  status(caller: TransactionCaller, id: string): Promise<TransactionStatusResponseDto> {
    if (!isTransactionId(id)) return Promise.reject(transactionNotFound());
    return this.transactions.statusForPartner(caller.partnerId, id).then((transaction) => {
      if (!transaction || !mayActFor(caller, transaction.userId)) throw transactionNotFound();
      return {
        id: transaction.id,
        status: transaction.status,
        transaction_reference: transaction.reference,
        on_chain_tx_hash: transaction.onChainTxHash,
        // A transaction exists only once KYC was not, or no longer, outstanding.
        kycRequired: false,
        user_id: transaction.userId,
      };
    });
  }

  async page(caller: TransactionCaller, request: PageRequest): Promise<TransactionListResponseDto> {
    const { page, pageSize, externalUserId } = request;
    const { items, total } = mayActFor(caller, externalUserId)
      ? await this.transactions.pageForUser(caller.partnerId, externalUserId, page, pageSize)
      : { items: [], total: 0 };
    return { page, pageSize, total, transactions: items.map((item) => this.listItemOf(item)) };
  }

  async search(
    caller: TransactionCaller,
    request: SearchTransactionsRequestDto,
  ): Promise<TransactionSearchResponseDto> {
    const { page, pageSize } = request;
    const filter = transactionFilterOf(caller, request);
    const { items, total } = filter
      ? await this.transactions.searchForPartner(caller.partnerId, filter, page, pageSize)
      : { items: [], total: 0 };
    return { page, pageSize, total, transactions: items.map(transactionSummaryOf) };
  }

  async forOperations(id: string) {
    const transaction = isTransactionId(id) ? await this.transactions.findAnyPartner(id) : null;
    if (!transaction) throw transactionNotFound();
    const journal = await this.transactions.journalOf(transaction.id);
    return {
      id: transaction.id,
      partnerId: transaction.partnerId,
      userId: transaction.userId,
      quoteId: transaction.quoteId,
      status: transaction.status,
      transaction_reference: transaction.reference,
      on_chain_tx_hash: transaction.onChainTxHash,
      accountNumber: this.accountNumberOf(transaction),
      quoteExpiresAt: transaction.quoteExpiresAt.toISOString(),
      createdAt: transaction.createdAt.toISOString(),
      payment_context: this.paymentContext.of(transaction),
      terms: transactionTermsOf(transaction),
      journal: journal.map((entry) => ({
        sequence: entry.sequence,
        change: entry.change,
        fromStatus: entry.fromStatus,
        toStatus: entry.toStatus,
        idempotencyKey: entry.idempotencyKey,
        occurredAt: entry.occurredAt.toISOString(),
      })),
    };
  }

  private listItemOf(transaction: TransactionEntity): TransactionListItemDto {
    return {
      id: transaction.id,
      status: transaction.status,
      accountNumber: this.accountNumberOf(transaction),
      onChainId: transaction.onChainTxHash,
      quote: {
        id: transaction.quoteId,
        cryptoCurrency: transaction.cryptoCurrency,
        network: transaction.blockchain,
        paymentMethod: transaction.paymentMethod,
        sourceAmount: toJsonNumber(decimal(transaction.sourceAmount)),
        targetAmount: toJsonNumber(decimal(transaction.targetAmount)),
        targetCurrency: transaction.targetCurrency,
      },
    };
  }

  private accountNumberOf(transaction: TransactionEntity): string | null {
    return this.vault.open(transaction.id, 'account_number', transaction.accountNumber);
  }
}
