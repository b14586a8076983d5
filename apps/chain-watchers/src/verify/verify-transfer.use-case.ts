import { Inject, Injectable } from '@nestjs/common';
import { Blockchain, type VerifyTransferRequest, type VerifyTransferResponse } from '@shared/contracts';
import { Clock } from '@shared/util';
import { DepositAccountsRepository } from '../deposit-accounts/deposit-accounts.repository.js';
import { DepositLedgerRepository } from '../deposits/deposit-ledger.repository.js';
import { factMemoProblem } from '../stellar/stellar-memo.js';
import { TransferVerifier } from '../transfers/transfer-verifier.js';
import { ChainRegistry } from '../upstreams/chain-registry.js';

export const TRANSFER_VERIFIERS = Symbol('TransferVerifiers');

// Reads what a chain transaction did, in the deposit event's terms. Whether it funds a
// transaction is transaction-service's decision, not this one's. A transfer found into a
// per-transaction deposit address makes that address due for a sweep. Every transfer found is
// recorded (and announced, once) before the answer leaves, as a watcher would have: a deposit
// transaction-service applies is always one this service recorded, which is what a refund of
// it is checked against.
@Injectable()
export class VerifyTransferUseCase {
  constructor(
    private readonly registry: ChainRegistry,
    @Inject(TRANSFER_VERIFIERS) private readonly verifiers: readonly TransferVerifier[],
    private readonly accounts: DepositAccountsRepository,
    private readonly ledger: DepositLedgerRepository,
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
    if (answer.status === 'found') {
      const accounts = await this.accounts.known(
        blockchain,
        answer.transfers.map(({ depositAddress }) => depositAddress),
      );
      for (const fact of answer.transfers) {
        // Announced as a watcher or stream would: for the transaction whose own address it paid,
        // else for none (a Stellar memo decides) — never for whom the caller said it was.
        const account = accounts.find(({ address }) => sameAddress(blockchain, address, fact.depositAddress));
        const memoProblem = fact.blockchain === Blockchain.STELLAR ? factMemoProblem(fact.memo) : null;
        await this.ledger.record({
          deposit: { fact: { ...fact, transactionId: account?.transactionId ?? null }, memoProblem },
          foundBy: 'verify',
          ...(account ? { account } : {}),
        });
      }
      await this.accounts.markDue(
        blockchain,
        answer.transfers.map(({ depositAddress }) => depositAddress),
        this.clock.now(),
      );
    }
    return answer;
  }
}

// EVM addresses are hex (any case); Stellar and Solana addresses are case-sensitive.
function sameAddress(blockchain: Blockchain, a: string, b: string): boolean {
  return blockchain === Blockchain.CELO ? a.toLowerCase() === b.toLowerCase() : a === b;
}
