import { Inject, Injectable } from '@nestjs/common';
import { Contract, formatEther, Interface, keccak256, parseUnits, type Wallet } from 'ethers';
import { LOGGER, type Logger } from '@platform/logging';
import { Blockchain } from '@shared/contracts';
import { Clock, IdGenerator } from '@shared/util';
import { CeloBroadcaster } from '../celo/celo-broadcaster.js';
import { CELO_CHAIN_ID } from '../celo/celo-provider.js';
import { DepositKeys } from '../deposit-accounts/deposit-keys.js';
import { tokenAmount, trimDecimal } from '../transfers/token-amount.js';
import { ChainRegistry } from '../upstreams/chain-registry.js';
import { DepositSweeper } from './deposit-sweeper.js';
import type { SweepAttemptEntity } from './sweep-attempt.entity.js';
import type { SweepItemEntity } from './sweep-item.entity.js';
import type { SweepEntity } from './sweep.entity.js';
import { SweepsRepository } from './sweeps.repository.js';
import { TreasuryKeys } from './treasury-keys.js';

const ERC20 = new Interface([
  'function transfer(address to, uint256 value) returns (bool)',
  'function balanceOf(address owner) view returns (uint256)',
]);

type Outcome = 'landed' | 'failed' | 'pending';

// Celo sweeps, one deposit address at a time: a derived address holds tokens but no CELO, so the
// treasury first sends it exactly the gas its ERC-20 transfer may cost (gas limit × max fee,
// less what it holds), then the address transfers each token to the treasury. Every signed
// transaction is recorded before broadcast; a restart resumes from the last one that landed.
// What it cost is accounted on the sweep: the fees of every transaction (the treasury's and the
// address's) and the CELO sent for gas (the unspent rest stays on the address, used next time).
@Injectable()
export class CeloDepositSweeper extends DepositSweeper {
  readonly blockchain = Blockchain.CELO;
  readonly batchSize = 1;

  constructor(
    private readonly keys: DepositKeys,
    private readonly treasury: TreasuryKeys,
    private readonly broadcaster: CeloBroadcaster,
    private readonly registry: ChainRegistry,
    private readonly sweeps: SweepsRepository,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    super();
  }

  notReady(): string | null {
    if (!this.keys.configured) return 'DEPOSIT_MASTER_SECRET is not set';
    if (!this.treasury.celo) return 'CELO_REFUND_PRIVATE_KEY (the treasury) is not set';
    return null;
  }

  destination(): string {
    return this.treasury.celo!.address;
  }

  async advance(sweep: SweepEntity): Promise<void> {
    const pending = await this.sweeps.pendingAttempt(sweep.id);
    if (pending && !(await this.resolved(sweep, pending))) return;
    let items = await this.sweeps.items(sweep.id);
    if (items.length === 0) {
      const plannedAt = this.clock.now();
      items = await this.balances(sweep);
      if (items.length === 0) return this.sweeps.discardEmpty(sweep.id, plannedAt, this.clock.now());
      await this.sweeps.plan(sweep.id, plannedAt, items);
    }
    const attempts = await this.sweeps.attempts(sweep.id);
    for (const item of items) {
      const done = attempts.some(
        ({ itemId, kind, state }) => itemId === item.id && kind === 'TRANSFER' && state === 'LANDED',
      );
      if (!done && (await this.transfer(sweep, item)) !== 'landed') return;
    }
    await this.settleSwept(sweep);
  }

  // True when the sweep may go on past its pending attempt: it landed, or it can never land (then
  // expired, and what it was for is signed again).
  private async resolved(sweep: SweepEntity, attempt: SweepAttemptEntity): Promise<boolean> {
    let verdict = await this.broadcaster.lookup(attempt);
    if (verdict.kind === 'unknown' || verdict.kind === 'ambiguous') {
      if (!(await this.broadcaster.canStillLand(attempt))) {
        await this.sweeps.markAttempt(attempt.id, 'EXPIRED');
        return true;
      }
      verdict = await this.broadcaster.broadcast(attempt);
    }
    return (await this.conclude(sweep, attempt, verdict)) === 'landed';
  }

  private async balances(sweep: SweepEntity): Promise<SweepItemEntity[]> {
    const { assets } = await this.registry.chain(Blockchain.CELO);
    const items: SweepItemEntity[] = [];
    for (const account of await this.sweeps.accountsOf(sweep.id)) {
      for (const asset of assets) {
        const token = new Contract(asset.mintAddress, ERC20, this.broadcaster.provider);
        const raw = (await token.getFunction('balanceOf')(account.address)) as bigint;
        if (raw === 0n) continue;
        items.push({
          id: this.ids.uuid(),
          sweepId: sweep.id,
          transactionId: account.transactionId,
          address: account.address,
          source: account.address,
          asset: asset.mintAddress,
          amount: tokenAmount(raw, asset.decimals),
        });
      }
    }
    return items;
  }

  // Gas first when the address lacks it, then the token transfer.
  private async transfer(sweep: SweepEntity, item: SweepItemEntity): Promise<Outcome> {
    const { provider } = this.broadcaster;
    const wallet = this.keys.celo(item.transactionId);
    const decimals = (await this.registry.chain(Blockchain.CELO)).assets.find(
      ({ mintAddress }) => mintAddress.toLowerCase() === item.asset.toLowerCase(),
    )?.decimals;
    if (decimals === undefined) throw new Error(`token ${item.asset} is no longer active on CELO`);
    const request = {
      to: item.asset,
      data: ERC20.encodeFunctionData('transfer', [this.destination(), parseUnits(item.amount, decimals)]),
    };
    const [estimate, fees, balance] = await Promise.all([
      provider.estimateGas({ ...request, from: wallet.address }),
      provider.getFeeData(),
      provider.getBalance(wallet.address),
    ]);
    const gasLimit = (estimate * 12n) / 10n;
    const maxFeePerGas = fees.maxFeePerGas ?? fees.gasPrice!;
    const maxPriorityFeePerGas = minimum(fees.maxPriorityFeePerGas ?? 0n, maxFeePerGas);
    const cost = gasLimit * maxFeePerGas;
    if (balance < cost) {
      const funded = await this.fundGas(sweep, item, wallet.address, cost - balance);
      if (funded !== 'landed') return funded;
    }
    const nonce = await provider.getTransactionCount(wallet.address, 'latest');
    const payload = await wallet.signTransaction({
      ...request,
      nonce,
      gasLimit,
      chainId: CELO_CHAIN_ID,
      type: 2,
      maxFeePerGas,
      maxPriorityFeePerGas,
    });
    return this.send(sweep, item, 'TRANSFER', payload, nonce, null);
  }

  private async fundGas(
    sweep: SweepEntity,
    item: SweepItemEntity,
    to: string,
    value: bigint,
  ): Promise<Outcome> {
    const { provider } = this.broadcaster;
    const treasury: Wallet = this.treasury.celo!;
    const request = { to, value };
    const [nonce, gasLimit, fees] = await Promise.all([
      provider.getTransactionCount(treasury.address, 'latest'),
      provider.estimateGas({ ...request, from: treasury.address }),
      provider.getFeeData(),
    ]);
    const maxFeePerGas = fees.maxFeePerGas ?? fees.gasPrice!;
    const payload = await treasury.signTransaction({
      ...request,
      nonce,
      gasLimit,
      chainId: CELO_CHAIN_ID,
      type: 2,
      maxFeePerGas,
      maxPriorityFeePerGas: minimum(fees.maxPriorityFeePerGas ?? 0n, maxFeePerGas),
    });
    return this.send(sweep, item, 'GAS', payload, nonce, trimDecimal(formatEther(value)));
  }

  private async send(
    sweep: SweepEntity,
    item: SweepItemEntity,
    kind: SweepAttemptEntity['kind'],
    payload: string,
    nonce: number,
    value: string | null,
  ): Promise<Outcome> {
    const attempt = await this.sweeps.saveAttempt({
      id: this.ids.uuid(),
      sweepId: sweep.id,
      itemId: item.id,
      kind,
      signedPayload: payload,
      txHash: keccak256(payload),
      lastValidBlockHeight: null,
      nonce: String(nonce),
      state: 'PENDING',
      fee: null,
      value,
      createdAt: this.clock.now(),
    });
    return this.conclude(sweep, attempt, await this.broadcaster.broadcast(attempt));
  }

  private async conclude(
    sweep: SweepEntity,
    attempt: SweepAttemptEntity,
    verdict: Awaited<ReturnType<CeloBroadcaster['lookup']>>,
  ): Promise<Outcome> {
    if (verdict.kind === 'landed') {
      await this.sweeps.markAttempt(attempt.id, 'LANDED', await this.broadcaster.feeOf(attempt));
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
        { sweepId: sweep.id, reason: verdict.reason },
        'Celo sweep failed; its deposit stays due',
      );
      return 'failed';
    }
    this.logger.warn(
      { sweepId: sweep.id, txHash: attempt.txHash, outcome: verdict.kind },
      'sweep outcome unknown',
    );
    return 'pending';
  }

  private async settleSwept(sweep: SweepEntity): Promise<void> {
    const landed = (await this.sweeps.attempts(sweep.id)).filter(({ state }) => state === 'LANDED');
    const sum = (values: ReadonlyArray<string | null>) =>
      trimDecimal(formatEther(values.reduce((total, value) => total + parseUnits(value ?? '0', 18), 0n)));
    const txHash = landed.filter(({ kind }) => kind === 'TRANSFER').at(-1)?.txHash ?? null;
    const networkFee = sum(landed.map(({ fee }) => fee));
    await this.sweeps.settle(sweep.id, {
      status: 'SWEPT',
      txHash,
      networkFee,
      gasFunded: sum(landed.filter(({ kind }) => kind === 'GAS').map(({ value }) => value)),
      failureReason: null,
      settledAt: this.clock.now(),
    });
    this.logger.info({ sweepId: sweep.id, txHash, networkFee }, 'Celo deposit swept');
  }
}

const minimum = (a: bigint, b: bigint): bigint => (a < b ? a : b);
