import { Injectable } from '@nestjs/common';
import { NotFoundError } from '@stellar/stellar-sdk';
import { Blockchain, type VerifyTransferResponse } from '@shared/contracts';
import { TransferVerifier } from '../transfers/transfer-verifier.js';
import type { ChainView } from '../upstreams/chain-registry.js';
import { StellarHorizon } from './stellar-horizon.js';
import { operationIndex, stellarDeposit, type StellarPaymentRecord } from './stellar-payments.js';

const HASH = /^[0-9a-f]{64}$/;

// A Stellar transaction (by hash) is a deposit when it succeeded and one of its payments paid
// an active asset into a deposit address (operations reconcile a hash this way).
@Injectable()
export class StellarTransferVerifier extends TransferVerifier {
  readonly blockchain = Blockchain.STELLAR;
  constructor(private readonly horizon: StellarHorizon) {
    super();
  }

  async verify(
    hash: string,
    chain: ChainView,
    transactionId: string | null,
  ): Promise<VerifyTransferResponse> {
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
    const transfers = (page.records as unknown as StellarPaymentRecord[]).flatMap((record) => {
      const fact = stellarDeposit(record, operationIndex(record.id), transaction, chain, transactionId);
      return fact ? [fact] : [];
    });
    return transfers.length > 0
      ? { status: 'found', transfers }
      : { status: 'invalid', reason: 'no_deposit' };
  }
}
