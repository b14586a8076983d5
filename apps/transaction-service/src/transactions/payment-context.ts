import { Injectable } from '@nestjs/common';
import { decimal, toJsonNumber } from '@payout/money';
import {
  BLOCKCHAIN_PROFILES,
  Blockchain,
  type ChainFamily,
  type CryptoCurrency,
  type NotifyRequirement,
} from '@shared/contracts';
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
// deposit address, mint) and the chain's profile. Stellar matches deposits by memo and names
// assets by issuer, so it gets a memo and no mint; Solana and Celo get the mint and no memo.
@Injectable()
export class PaymentContextBuilder {
  constructor(private readonly config: TransactionServiceConfig) {}

  of(transaction: TransactionEntity): PaymentContext {
    const profile = BLOCKCHAIN_PROFILES[transaction.blockchain];
    const stellar = transaction.blockchain === Blockchain.STELLAR;
    return {
      amount: toJsonNumber(decimal(transaction.sourceAmount)),
      blockchain: transaction.blockchain,
      chainFamily: profile.chainFamily,
      chainId: profile.chainId,
      cryptoCurrency: transaction.cryptoCurrency,
      decimals: transaction.decimals,
      depositAddress: transaction.depositAddress,
      memo: stellar ? transaction.reference : null,
      memoType: stellar ? 'text' : null,
      mintAddress: stellar ? null : transaction.mintAddress,
      notify: { ...profile.notify },
      rpcUrl: this.rpcUrl(transaction.blockchain),
    };
  }

  private rpcUrl(blockchain: Blockchain): string {
    switch (blockchain) {
      case Blockchain.STELLAR:
        return this.config.RPC_URL_STELLAR;
      case Blockchain.SOLANA:
        return this.config.RPC_URL_SOLANA;
      case Blockchain.CELO:
        return this.config.RPC_URL_CELO;
    }
  }
}
