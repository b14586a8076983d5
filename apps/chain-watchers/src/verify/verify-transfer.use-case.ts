import { Injectable } from '@nestjs/common';
import { sameAddress } from '@payout/rails';
import type { DepositDetectedV1, VerifyTransferRequest, VerifyTransferResponse } from '@shared/contracts';
import { Clock } from '@shared/util';
import type { DetectedDeposit } from '../core/chains/chain-adapter.js';
import { ChainAdapters } from '../core/chains/chain-adapters.js';
import { ChainRegistry } from '../core/upstreams/chain-registry.js';
import { DepositAccountsRepository } from '../deposit-accounts/deposit-accounts.repository.js';
import { DepositIntake } from '../deposits/deposit-intake.js';

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
    private readonly adapters: ChainAdapters,
    private readonly accounts: DepositAccountsRepository,
    private readonly intake: DepositIntake,
    private readonly clock: Clock,
  ) {}

  async execute({
    blockchain,
    onChainTx,
    transactionId,
  }: VerifyTransferRequest): Promise<VerifyTransferResponse> {
    const adapter = this.adapters.of(blockchain);
    const reading = await adapter.transactions.read(onChainTx.trim());
    if (reading.status !== 'landed') return reading;
    const known = await this.accounts.known(blockchain, reading.recipients);
    const depositsFor = async (fresh: boolean): Promise<DetectedDeposit[]> =>
      reading.deposits(
        {
          ...(await this.registry.chain(blockchain, fresh)),
          depositAccounts: known.map(({ address }) => address),
        },
        transactionId ?? null,
      );
    // Nothing of ours: ask the owners again before saying so (an address or an asset may have
    // been rotated in since their last answer).
    let deposits = await depositsFor(false);
    if (deposits.length === 0) deposits = await depositsFor(true);
    if (deposits.length === 0) return { status: 'invalid', reason: 'no_deposit' };
    const transfers: DepositDetectedV1[] = [];
    for (const { fact, memoProblem } of deposits) {
      // Announced as a watcher or stream would: for the transaction whose own address it paid,
      // else for none (a memo decides) — never for whom the caller said it was.
      const account = known.find(({ address }) => sameAddress(blockchain, address, fact.depositAddress));
      const recorded = await this.intake.record({
        deposit: { fact: { ...fact, transactionId: account?.transactionId ?? null }, memoProblem },
        foundBy: 'verify',
        ...(account ? { account } : {}),
      });
      // The treasury's own funding pays no transaction; the time is the one recorded.
      if (recorded.kind === 'DEPOSIT')
        transfers.push({ ...recorded.deposit.fact, transactionId: fact.transactionId });
    }
    if (transfers.length === 0) return { status: 'invalid', reason: 'no_deposit' };
    await this.accounts.markDue(
      blockchain,
      transfers.map(({ depositAddress }) => depositAddress),
      this.clock.now(),
    );
    return { status: 'found', transfers };
  }
}
