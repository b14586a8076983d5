import { Inject, Injectable } from '@nestjs/common';
import { decimal } from '@payout/money';
import { LOGGER, type Logger } from '@platform/logging';
import { Clock, IdGenerator } from '@shared/util';
import type { SweepTransaction } from '../core/chains/sweep-planner.port.js';
import type { AdapterWithDepositAccounts } from '../core/chains/chain-adapters.js';
import type { ChainVerdict } from '../core/chains/signed-chain-transaction.js';
import { tokenAmount } from '../core/chains/token-amount.js';
import { ChainRegistry } from '../core/upstreams/chain-registry.js';
import type { SweepAttemptEntity } from './sweep-attempt.entity.js';
import type { SweepItemEntity } from './sweep-item.entity.js';
import type { SweepEntity } from './sweep.entity.js';
import { SweepsRepository } from './sweeps.repository.js';

type Outcome = 'landed' | 'failed' | 'pending';

// The one sweeper of every chain with per-transaction deposit accounts: it moves a claimed sweep
// forward as far as it can in one go and leaves the rest to the next pass. A pending attempt is
// resolved first (looked up by hash; rebroadcast while it can land; expired once it never will).
// Until something landed the balances are read (again) into the sweep's items; then the chain's
// planner signs the next transaction (Solana: one for every item; Celo: each item's gas, then
// its transfer) until every item moved. Every signed transaction is recorded before it is
// broadcast, so a restart resumes from the last one that landed and never signs twice.
@Injectable()
export class DepositSweeper {
  constructor(
    private readonly registry: ChainRegistry,
    private readonly sweeps: SweepsRepository,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async advance(adapter: AdapterWithDepositAccounts, sweep: SweepEntity): Promise<void> {
    const pending = await this.sweeps.pendingAttempt(sweep.id);
    if (pending && !(await this.resolved(adapter, sweep, pending))) return;
    const { assets } = await this.registry.chain(adapter.blockchain);
    const landed = (await this.sweeps.attempts(sweep.id)).filter(({ state }) => state === 'LANDED');
    let items = landed.length > 0 ? await this.sweeps.items(sweep.id) : [];
    if (items.length === 0) {
      const plannedAt = this.clock.now();
      items = await this.balances(adapter, sweep);
      if (items.length === 0) return this.sweeps.discardEmpty(sweep.id, plannedAt, this.clock.now());
      await this.sweeps.plan(sweep.id, plannedAt, items);
    }
    for (;;) {
      const next = await adapter.depositAccounts.sweeps.next({ items, landed, assets });
      if (!next) return this.settleSwept(adapter, sweep);
      const attempt = await this.record(sweep, next);
      const outcome = await this.conclude(
        adapter,
        sweep,
        attempt,
        await adapter.broadcaster.broadcast(attempt),
      );
      if (outcome !== 'landed') return;
      landed.push(attempt);
    }
  }

  // True when the sweep may go on past its pending attempt: it landed, or it can never land (then
  // expired, and what it was for is signed again).
  private async resolved(
    adapter: AdapterWithDepositAccounts,
    sweep: SweepEntity,
    attempt: SweepAttemptEntity,
  ): Promise<boolean> {
    let verdict = await adapter.broadcaster.lookup(attempt);
    if (verdict.kind === 'unknown' || verdict.kind === 'ambiguous') {
      if (!(await adapter.broadcaster.canStillLand(attempt))) {
        await this.sweeps.markAttempt(attempt.id, 'EXPIRED');
        return true;
      }
      verdict = await adapter.broadcaster.broadcast(attempt);
    }
    return (await this.conclude(adapter, sweep, attempt, verdict)) === 'landed';
  }

  // The non-empty balances of the sweep's accounts in an active asset. Accounts past the
  // planner's balances per sweep go back to a later sweep (the first one is always taken).
  private async balances(
    adapter: AdapterWithDepositAccounts,
    sweep: SweepEntity,
  ): Promise<SweepItemEntity[]> {
    const { sweeps: planner } = adapter.depositAccounts;
    const { assets } = await this.registry.chain(adapter.blockchain);
    const items: SweepItemEntity[] = [];
    const released: string[] = [];
    for (const account of await this.sweeps.accountsOf(sweep.id)) {
      const found = await planner.balances(account, assets);
      if (items.length + found.length > planner.balancesPerSweep && items.length > 0) {
        released.push(account.transactionId);
        continue;
      }
      for (const { source, asset, raw } of found)
        items.push({
          id: this.ids.uuid(),
          sweepId: sweep.id,
          transactionId: account.transactionId,
          address: account.address,
          source,
          asset: asset.mintAddress,
          amount: tokenAmount(raw, asset.decimals),
        });
    }
    await this.sweeps.release(sweep.id, released);
    return items;
  }

  private record(sweep: SweepEntity, next: SweepTransaction): Promise<SweepAttemptEntity> {
    return this.sweeps.saveAttempt({
      id: this.ids.uuid(),
      sweepId: sweep.id,
      itemId: next.itemId,
      kind: next.kind,
      signedPayload: next.signed.signedPayload,
      txHash: next.signed.txHash,
      lastValidBlockHeight: next.signed.lastValidBlockHeight,
      nonce: next.signed.nonce,
      state: 'PENDING',
      fee: null,
      value: next.value,
      createdAt: this.clock.now(),
    });
  }

  // Unknown and ambiguous outcomes leave the attempt pending for the next pass; a failed one
  // fails the sweep (its accounts stay due).
  private async conclude(
    adapter: AdapterWithDepositAccounts,
    sweep: SweepEntity,
    attempt: SweepAttemptEntity,
    verdict: ChainVerdict,
  ): Promise<Outcome> {
    if (verdict.kind === 'landed') {
      const fee = await adapter.broadcaster.feeOf(attempt);
      await this.sweeps.markAttempt(attempt.id, 'LANDED', fee);
      return 'landed';
    }
    if (verdict.kind === 'failed') {
      await this.sweeps.markAttempt(attempt.id, 'FAILED');
      await this.sweeps.settle(sweep.id, {
        status: 'FAILED',
        txHash: attempt.txHash,
        networkFee: null,
        gasFunded: null,
        failureReason: `${attempt.kind}: ${verdict.reason}`.slice(0, 200),
        settledAt: this.clock.now(),
      });
      this.logger.error(
        { sweepId: sweep.id, blockchain: adapter.blockchain, reason: verdict.reason },
        'sweep failed; its deposits stay due',
      );
      return 'failed';
    }
    this.logger.warn(
      { sweepId: sweep.id, txHash: attempt.txHash, outcome: verdict.kind },
      'sweep outcome unknown',
    );
    return 'pending';
  }

  // What the sweep cost: every landed transaction's fee, and the gas the treasury sent (on a
  // chain whose planner funds gas). Its hash is its last transfer's.
  private async settleSwept(adapter: AdapterWithDepositAccounts, sweep: SweepEntity): Promise<void> {
    const landed = (await this.sweeps.attempts(sweep.id)).filter(({ state }) => state === 'LANDED');
    const sum = (values: ReadonlyArray<string | null>) =>
      values.reduce((total, value) => total.plus(decimal(value ?? '0')), decimal('0')).toString();
    const txHash = landed.filter(({ kind }) => kind === 'TRANSFER').at(-1)?.txHash ?? null;
    const networkFee = sum(landed.map(({ fee }) => fee));
    const gas = landed.filter(({ kind }) => kind === 'GAS').map(({ value }) => value);
    await this.sweeps.settle(sweep.id, {
      status: 'SWEPT',
      txHash,
      networkFee,
      gasFunded: adapter.depositAccounts.sweeps.fundsGas ? sum(gas) : null,
      failureReason: null,
      settledAt: this.clock.now(),
    });
    this.logger.info(
      { sweepId: sweep.id, blockchain: adapter.blockchain, txHash, networkFee },
      'deposits swept',
    );
  }
}
