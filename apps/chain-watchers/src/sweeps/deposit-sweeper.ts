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

// A sweep being advanced: its items (planned once) and what of it landed so far.
interface SweepUnderWay {
  readonly sweep: SweepEntity;
  readonly items: SweepItemEntity[];
  readonly landed: SweepAttemptEntity[];
}

// The one sweeper of every chain with per-transaction deposit accounts: it moves claimed sweeps
// forward as far as it can in one go and leaves the rest to the next pass. A pending attempt is
// resolved first (looked up by hash; rebroadcast while it can land; expired once it never will).
// Until something landed the balances are read (again) into the sweep's items; then the sweeps
// advance together in rounds: the chain's planner signs each one's next transaction (Solana:
// one for every item; Celo: each item's gas, then its transfer), every one is recorded, and all
// are broadcast at once, so N sweeps take as long as one. A sweep whose transaction did not land
// drops out of the rounds; the others go on until every item moved. Every signed transaction is
// recorded before it is broadcast, so a restart resumes from the last one that landed and never
// signs twice.
@Injectable()
export class DepositSweeper {
  constructor(
    private readonly registry: ChainRegistry,
    private readonly sweeps: SweepsRepository,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  // How many of `sweeps` (all of one chain, leased by the caller) were swept.
  async advance(adapter: AdapterWithDepositAccounts, sweeps: readonly SweepEntity[]): Promise<number> {
    const { assets } = await this.registry.chain(adapter.blockchain);
    let underWay = await this.each(
      sweeps.map((sweep) => ({ sweep })),
      ({ sweep }) => this.prepare(adapter, sweep),
    );
    let swept = 0;
    while (underWay.length > 0) {
      const round = adapter.depositAccounts.sweeps.round();
      const signed = await this.each(underWay, async (sweep) => ({
        ...sweep,
        next: await round.next({ items: sweep.items, landed: sweep.landed, assets }),
      }));
      const done = signed.filter(({ next }) => next === null);
      swept += (await this.each(done, ({ sweep }) => this.settleSwept(adapter, sweep))).length;
      const sending = signed.flatMap(({ next, ...sweep }) => (next ? [{ ...sweep, next }] : []));
      const attempts = await this.sweeps.saveAttempts(
        sending.map(({ sweep, next }) => this.attempt(sweep, next)),
      );
      const outcomes = await this.broadcastAll(adapter, attempts);
      underWay = await this.each(
        sending.map((sweep, index) => ({ ...sweep, attempt: attempts[index]!, verdict: outcomes[index]! })),
        async ({ attempt, verdict, ...sweep }) => {
          if ((await this.conclude(adapter, sweep.sweep, attempt, verdict)) !== 'landed') return null;
          sweep.landed.push(attempt);
          return sweep;
        },
      );
    }
    return swept;
  }

  // The sweep with its items, ready for its next transaction; null when it cannot go on now
  // (its pending attempt still unknown, or failed) or had nothing to sweep.
  private async prepare(
    adapter: AdapterWithDepositAccounts,
    sweep: SweepEntity,
  ): Promise<SweepUnderWay | null> {
    const pending = await this.sweeps.pendingAttempt(sweep.id);
    if (pending && !(await this.resolved(adapter, sweep, pending))) return null;
    const landed = (await this.sweeps.attempts(sweep.id)).filter(({ state }) => state === 'LANDED');
    let items = landed.length > 0 ? await this.sweeps.items(sweep.id) : [];
    if (items.length === 0) {
      const plannedAt = this.clock.now();
      items = await this.balances(adapter, sweep);
      if (items.length === 0) {
        await this.sweeps.discardEmpty(sweep.id, plannedAt, this.clock.now());
        return null;
      }
      await this.sweeps.plan(sweep.id, plannedAt, items);
    }
    return { sweep, items, landed };
  }

  // All at once, in nonce order, each verdict awaited side by side. A node may still see one
  // sender's consecutive transactions (Celo's treasury funding a round's addresses) out of order:
  // a real one queues the later nonce until the gap fills, but an automining EVM (the sandbox's)
  // turns it away. So one that came back ambiguous right behind its round's previous nonce is
  // looked up and, unless seen, sent again, one after another in nonce order.
  private async broadcastAll(
    adapter: AdapterWithDepositAccounts,
    attempts: readonly SweepAttemptEntity[],
  ): Promise<ChainVerdict[]> {
    const { broadcaster } = adapter;
    const nonceOf = ({ nonce }: SweepAttemptEntity) => (nonce === null ? null : Number(nonce));
    const inNonceOrder = [...attempts.keys()].sort(
      (a, b) => (nonceOf(attempts[a]!) ?? 0) - (nonceOf(attempts[b]!) ?? 0),
    );
    const sent: Array<Promise<ChainVerdict>> = [];
    for (const index of inNonceOrder) sent[index] = broadcaster.broadcast(attempts[index]!);
    const verdicts = await Promise.all(sent);
    const nonces = new Set(attempts.map(nonceOf));
    for (const index of inNonceOrder) {
      const nonce = nonceOf(attempts[index]!);
      if (verdicts[index]!.kind === 'ambiguous' && nonce !== null && nonces.has(nonce - 1))
        verdicts[index] = (await this.followUp(adapter, attempts[index]!)) ?? verdicts[index]!;
    }
    return verdicts;
  }

  // `step` on every sweep side by side; a sweep whose step throws is logged and left to a later
  // pass (its lease released by the caller), and so is one whose step gives null.
  private async each<T extends { readonly sweep: SweepEntity }, R>(
    sweeps: readonly T[],
    step: (sweep: T) => Promise<R | null>,
  ): Promise<R[]> {
    const results = await Promise.allSettled(sweeps.map(step));
    return results.flatMap((result, index) => {
      if (result.status === 'fulfilled') return result.value === null ? [] : [result.value];
      const sweepId = sweeps[index]!.sweep.id;
      this.logger.warn({ err: result.reason, sweepId }, 'sweep not done yet; retried later');
      return [];
    });
  }

  // True when the sweep may go on past its pending attempt: it landed, or it can never land (then
  // expired, and what it was for is signed again).
  private async resolved(
    adapter: AdapterWithDepositAccounts,
    sweep: SweepEntity,
    attempt: SweepAttemptEntity,
  ): Promise<boolean> {
    const verdict = await this.followUp(adapter, attempt);
    if (verdict) return (await this.conclude(adapter, sweep, attempt, verdict)) === 'landed';
    await this.sweeps.markAttempt(attempt.id, 'EXPIRED');
    return true;
  }

  // An attempt whose outcome is not known: looked up by hash, and broadcast again while it can
  // still land; null once it never will.
  private async followUp(
    adapter: AdapterWithDepositAccounts,
    attempt: SweepAttemptEntity,
  ): Promise<ChainVerdict | null> {
    const verdict = await adapter.broadcaster.lookup(attempt);
    if (verdict.kind !== 'unknown' && verdict.kind !== 'ambiguous') return verdict;
    if (!(await adapter.broadcaster.canStillLand(attempt))) return null;
    return adapter.broadcaster.broadcast(attempt);
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

  private attempt(sweep: SweepEntity, next: SweepTransaction): SweepAttemptEntity {
    return {
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
    };
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
  private async settleSwept(adapter: AdapterWithDepositAccounts, sweep: SweepEntity): Promise<true> {
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
    return true;
  }
}
