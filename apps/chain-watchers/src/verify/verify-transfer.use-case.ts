import { Inject, Injectable } from '@nestjs/common';
import type { VerifyTransferRequest, VerifyTransferResponse } from '@shared/contracts';
import { Clock } from '@shared/util';
import { DepositAccountsRepository } from '../deposit-accounts/deposit-accounts.repository.js';
import { TransferVerifier } from '../transfers/transfer-verifier.js';
import { ChainRegistry } from '../upstreams/chain-registry.js';

export const TRANSFER_VERIFIERS = Symbol('TransferVerifiers');

// Reads what a chain transaction did, in the deposit event's terms. Whether it funds a
// transaction is transaction-service's decision, not this one's. A transfer found into a
// per-transaction deposit address makes that address due for a sweep.
@Injectable()
export class VerifyTransferUseCase {
  constructor(
    private readonly registry: ChainRegistry,
    @Inject(TRANSFER_VERIFIERS) private readonly verifiers: readonly TransferVerifier[],
    private readonly accounts: DepositAccountsRepository,
    private readonly clock: Clock,
  ) {}

  async execute({
    blockchain,
    onChainTx,
    transactionId,
  }: VerifyTransferRequest): Promise<VerifyTransferResponse> {
    const verifier = this.verifiers.find((candidate) => candidate.blockchain === blockchain)!;
    const hash = onChainTx.trim();
    let answer = await verifier.verify(hash, await this.registry.chain(blockchain), transactionId ?? null);
    if (answer.status === 'invalid' && answer.reason === 'no_deposit')
      answer = await verifier.verify(
        hash,
        await this.registry.chain(blockchain, true),
        transactionId ?? null,
      );
    if (answer.status === 'found')
      await this.accounts.markDue(
        blockchain,
        answer.transfers.map(({ depositAddress }) => depositAddress),
        this.clock.now(),
      );
    return answer;
  }
}
