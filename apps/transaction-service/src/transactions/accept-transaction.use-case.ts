import { currentTraceCarrier } from '@platform/logging';
import { Inject, Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '@platform/messaging';
import { chainRail } from '@payout/rails';
import { TransactionStatus, type InternalQuoteView, type PayoutTopics } from '@shared/contracts';
import { Clock, IdGenerator } from '@shared/util';
import { DailyCaps } from '../daily-caps/daily-caps.js';
import { DepositAddressesRepository } from '../deposit-addresses/deposit-addresses.repository.js';
import { KycGate } from '../kyc-gate/kyc-gate.js';
import { KybGate } from '../partner-kyb/kyb-gate.js';
import { ChainWatchersClient } from '../core/upstreams/chain-watchers.client.js';
import { UpstreamClients } from '../core/upstreams/upstream-clients.js';
import { PaymentContextBuilder, type PaymentContext } from './payment-context.js';
import { RecipientCheck, requireRecipient, type RecipientInput } from '../recipients/recipient-check.js';
import { RecipientVault } from './recipient-vault.js';
import { mayActFor, type TransactionCaller } from '../core/transaction-caller.js';
import { TransactionJournal } from './transaction-journal.js';
import { transactionReferenceOf } from './transaction-reference.js';
import type { TransactionEntity } from './transaction.entity.js';
import {
  TransactionError,
  TransactionErrorCode,
  invalidTransactionRequest,
} from '../core/errors/transaction.errors.js';
import { TransactionsRepository } from './transactions.repository.js';

export interface AcceptTransactionCommand extends RecipientInput {
  readonly quoteId: string;
  readonly userId: string;
  readonly taxId?: string | undefined;
  readonly redirectUrl?: string | undefined;
}

export interface AcceptedTransaction {
  readonly id: string | null;
  readonly kycRequired: boolean;
  readonly transaction_reference: string | null;
  readonly payment_context: PaymentContext | null;
}

type AcceptableQuote = InternalQuoteView & { readonly asset: NonNullable<InternalQuoteView['asset']> };

const KYC_REQUIRED: AcceptedTransaction = {
  id: null,
  kycRequired: true,
  transaction_reference: null,
  payment_context: null,
};

// Accepts a quote as a transaction awaiting its deposit. Idempotent per quote: a quote already
// accepted answers its transaction, and of concurrent accepts exactly one inserts (the unique
// quote id decides). Every remote question (quote, KYC) is asked before the database
// transaction opens, which then holds only the insert, its journal entry and its event.
@Injectable()
export class AcceptTransactionUseCase {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<PayoutTopics>,
    private readonly transactions: TransactionsRepository,
    private readonly journal: TransactionJournal,
    private readonly upstreams: UpstreamClients,
    private readonly recipients: RecipientCheck,
    private readonly vault: RecipientVault,
    private readonly kycGate: KycGate,
    private readonly depositAddresses: DepositAddressesRepository,
    private readonly chain: ChainWatchersClient,
    private readonly paymentContext: PaymentContextBuilder,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly kybGate: KybGate,
    private readonly dailyCaps: DailyCaps,
  ) {}

  async execute(caller: TransactionCaller, command: AcceptTransactionCommand): Promise<AcceptedTransaction> {
    if (!mayActFor(caller, command.userId)) {
      throw invalidTransactionRequest('user_id must be the wallet user the Bearer token was issued to');
    }
    requireRecipient(command);
    const existing = await this.transactions.findByQuote(caller.partnerId, command.quoteId);
    if (existing) return this.accepted(caller, existing);

    const quote = await this.acceptableQuote(caller.partnerId, command.quoteId);
    const recipient = this.recipients.resolve(quote, command);
    await this.kybGate.assertMayAccept({
      partnerId: caller.partnerId,
      amount: quote.cryptoAmount,
      cryptoCurrency: quote.cryptoCurrency,
    });
    const kycRequired = await this.kycGate.kycRequired({
      partnerId: caller.partnerId,
      userId: command.userId,
      amount: quote.cryptoAmount,
    });
    if (kycRequired) return KYC_REQUIRED;
    const caps = await this.dailyCaps.check({
      partnerId: caller.partnerId,
      userId: command.userId,
      paymentMethod: quote.paymentMethod,
      targetCurrency: quote.targetCurrency,
      amount: quote.fiatAmount,
    });
    const id = this.ids.uuid();
    const depositAddress = await this.depositAddressFor(quote, id);

    const now = this.clock.now();
    const transaction: TransactionEntity = {
      id,
      partnerId: caller.partnerId,
      userId: command.userId,
      quoteId: quote.quoteId,
      status: TransactionStatus.AWAITING_PAYMENT,
      reference: transactionReferenceOf(id),
      accountNumber: this.vault.seal(id, 'account_number', recipient.accountNumber),
      qrCode: this.vault.seal(id, 'qr_code', recipient.qrCode),
      taxId: this.vault.seal(id, 'tax_id', command.taxId || null),
      redirectUrl: command.redirectUrl ?? null,
      cryptoCurrency: quote.cryptoCurrency,
      blockchain: quote.blockchain,
      paymentMethod: quote.paymentMethod,
      targetCurrency: quote.targetCurrency,
      sourceAmount: quote.cryptoAmount,
      targetAmount: quote.fiatAmount,
      feeAmount: quote.feeAmount,
      rate: quote.rate,
      quoteExpiresAt: new Date(quote.expiresAt),
      depositAddress,
      mintAddress: quote.asset.mintAddress,
      decimals: quote.asset.decimals,
      onChainTxHash: null,
      eventSequence: 1,
      createdAt: now,
      statusChangedAt: now,
      traceparent: currentTraceCarrier().traceparent ?? null,
    };
    const inserted = await this.outbox.run(async (tx) => {
      if (!(await this.transactions.insertIfNew(tx, transaction))) return false;
      await this.journal.record(tx, transaction, {
        change: 'CREATED',
        previousStatus: null,
        idempotencyKey: `create:${quote.quoteId}`,
        occurredAt: now,
        refund: null,
      });
      await this.dailyCaps.reserve(tx, id, caps);
      return true;
    });
    if (inserted) return this.accepted(caller, transaction);
    // A concurrent accept of the same quote committed first: answer its transaction.
    const winner = await this.transactions.findByQuote(caller.partnerId, command.quoteId);
    if (!winner) throw new Error(`Quote ${command.quoteId} conflicted but has no transaction`);
    return this.accepted(caller, winner);
  }

  // Memo binding (Stellar): the chain's one active address, and the memo names the transaction.
  // Address binding (Solana, Celo): the transaction's own, derived by chain-watchers, so that a
  // transfer belongs to the transaction whose address it paid and to no other.
  private async depositAddressFor(quote: AcceptableQuote, transactionId: string): Promise<string> {
    const address =
      chainRail(quote.blockchain).binding === 'address'
        ? await this.chain.openDepositAccount({
            blockchain: quote.blockchain,
            transactionId,
            asset: quote.asset.mintAddress,
            expiresAt: quote.expiresAt,
          })
        : await this.depositAddresses.active(quote.blockchain);
    if (!address) {
      throw new TransactionError(
        TransactionErrorCode.CORRIDOR_UNAVAILABLE,
        `Deposits on ${quote.blockchain} are not available right now`,
      );
    }
    return address;
  }

  private async acceptableQuote(partnerId: string, quoteId: string): Promise<AcceptableQuote> {
    const quote = await this.upstreams.quote(partnerId, quoteId);
    if (!quote) throw quoteNotFound();
    if (quote.kind === 'ONRAMP') {
      throw invalidTransactionRequest('An onramp quote cannot be accepted as a payout transaction');
    }
    if (new Date(quote.expiresAt).getTime() <= this.clock.now().getTime()) {
      throw new TransactionError(
        TransactionErrorCode.QUOTE_EXPIRED,
        `The quote expired at ${quote.expiresAt}; request a new quote`,
      );
    }
    if (!quote.live || !quote.asset) {
      throw new TransactionError(
        TransactionErrorCode.CORRIDOR_UNAVAILABLE,
        `${quote.cryptoCurrency} on ${quote.blockchain} to ${quote.targetCurrency} via ${quote.paymentMethod} is not available`,
      );
    }
    return { ...quote, asset: quote.asset };
  }

  // A wallet sees only its own transactions: another user's accepted quote is not its to see.
  private accepted(caller: TransactionCaller, transaction: TransactionEntity): AcceptedTransaction {
    if (!mayActFor(caller, transaction.userId)) throw quoteNotFound();
    return {
      id: transaction.id,
      kycRequired: false,
      transaction_reference: transaction.reference,
      payment_context: this.paymentContext.of(transaction),
    };
  }
}

function quoteNotFound(): TransactionError {
  return new TransactionError(TransactionErrorCode.QUOTE_NOT_FOUND, 'Quote not found');
}
