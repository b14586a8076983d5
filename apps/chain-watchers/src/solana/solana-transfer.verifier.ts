import { Injectable } from '@nestjs/common';
import type { Connection } from '@solana/web3.js';
import { Blockchain, type VerifyTransferResponse } from '@shared/contracts';
import { ChainWatchersConfig } from '../chain-watchers.config.js';
import { DepositAccountsRepository } from '../deposit-accounts/deposit-accounts.repository.js';
import { TransferVerifier } from '../transfers/transfer-verifier.js';
import type { ChainView } from '../upstreams/chain-registry.js';
import { solanaConnection } from './solana-connection.js';
import { solanaTokenOwners, solanaTransfers } from './solana-transfers.js';

const SIGNATURE = /^[1-9A-HJ-NP-Za-km-z]{64,88}$/;

// A Solana signature is a deposit when the transaction exists at the configured commitment
// (finalized by default), succeeded, and moved an active mint into a deposit owner's account
// (a shared deposit address, or a transaction's own).
@Injectable()
export class SolanaTransferVerifier extends TransferVerifier {
  readonly blockchain = Blockchain.SOLANA;
  private readonly connection: Connection;

  constructor(
    private readonly config: ChainWatchersConfig,
    private readonly accounts: DepositAccountsRepository,
  ) {
    super();
    this.connection = solanaConnection(config);
  }

  async verify(
    signature: string,
    chain: ChainView,
    transactionId: string | null,
  ): Promise<VerifyTransferResponse> {
    if (!SIGNATURE.test(signature)) return { status: 'not_found' };
    const response = await this.connection.getTransaction(signature, {
      commitment: this.config.SOLANA_COMMITMENT,
      maxSupportedTransactionVersion: 0,
    });
    if (!response?.meta) return { status: 'not_found' };
    if (response.meta.err !== null) return { status: 'invalid', reason: 'failed' };
    const known = await this.accounts.known(Blockchain.SOLANA, solanaTokenOwners(response));
    const transfers = solanaTransfers(
      signature,
      response,
      { ...chain, depositAccounts: known.map(({ address }) => address) },
      transactionId,
    );
    return transfers.length > 0
      ? { status: 'found', transfers }
      : { status: 'invalid', reason: 'no_deposit' };
  }
}
