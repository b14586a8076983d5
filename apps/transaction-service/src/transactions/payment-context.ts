import { Injectable } from '@nestjs/common';
import { decimal, toJsonNumber } from '@payout/money';
import { chainRail, type ChainFamily, type NotifyRequirement } from '@payout/rails';
import type { Blockchain, CryptoCurrency } from '@shared/contracts';
import { TransactionServiceConfig } from '../core/transaction-service.config.js';
import type { TransactionEntity } from './transaction.entity.js';

export interface PaymentContext {
  readonly amount: number;
  readonly blockchain: Blockchain;
  readonly chainFamily: ChainFamily;
  readonly chainId: string;
  readonly cryptoCurrency: CryptoCurrency;
  readonly decimals: number | null;
  readonly depositAddress: string;
  readonly memo: string | null;
  readonly memoType: 'text' | null;
  readonly mintAddress: string | null;
  readonly notify: NotifyRequirement;
  readonly rpcUrl: string | null;
}

// What a wallet needs to fund a transaction, from what was recorded at acceptance (amount,
// deposit address, mint) and the chain's record. A memo-bound chain (Stellar) gets the memo,
// and no mint where it names assets by issuer; an address-bound one gets the mint and no memo.
@Injectable()
export class PaymentContextBuilder {
  constructor(private readonly config: TransactionServiceConfig) {}

  of(transaction: TransactionEntity): PaymentContext {
    const rail = chainRail(transaction.blockchain);
    const { memoType, namesMint } = rail.paymentContext;
    return {
      amount: toJsonNumber(decimal(transaction.sourceAmount)),
      blockchain: transaction.blockchain,
      chainFamily: rail.family,
      chainId: rail.chainId,
      cryptoCurrency: transaction.cryptoCurrency,
      decimals: transaction.decimals,
      depositAddress: transaction.depositAddress,
      memo: memoOf(transaction),
      memoType,
      mintAddress: namesMint ? transaction.mintAddress : null,
      notify: { ...rail.notify },
      rpcUrl: this.config.rpcUrlOf(transaction.blockchain),
    };
  }
}

// The memo a deposit must carry: the reference on a memo-bound chain (Stellar), else none.
export function memoOf(transaction: TransactionEntity): string | null {
  return chainRail(transaction.blockchain).paymentContext.memoType ? transaction.reference : null;
}
