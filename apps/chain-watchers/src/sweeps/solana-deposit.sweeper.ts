import { Inject, Injectable } from '@nestjs/common';
import { type Keypair, PublicKey, Transaction } from '@solana/web3.js';
import {
  AccountLayout,
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import { LOGGER, type Logger } from '@platform/logging';
import { Blockchain, type ActiveAssetView } from '@shared/contracts';
import { Clock, IdGenerator } from '@shared/util';
import { ChainWatchersConfig } from '../chain-watchers.config.js';
import type { DepositAccountEntity } from '../deposit-accounts/deposit-account.entity.js';
import { DepositKeys } from '../deposit-accounts/deposit-keys.js';
import { SolanaBroadcaster } from '../solana/solana-broadcaster.js';
import { signSolanaTransaction } from '../solana/sign-transaction.js';
import type { ChainVerdict } from '../transfers/signed-chain-transaction.js';
import { tokenAmount } from '../transfers/token-amount.js';
import { ChainRegistry } from '../upstreams/chain-registry.js';
import { DepositSweeper } from './deposit-sweeper.js';
import type { SweepAttemptEntity } from './sweep-attempt.entity.js';
import type { SweepItemEntity } from './sweep-item.entity.js';
import type { SweepEntity } from './sweep.entity.js';
import { SweepsRepository } from './sweeps.repository.js';
import { TreasuryKeys } from './treasury-keys.js';

// A token account's balance to move, with what its instruction needs.
interface PlannedTransfer {
  readonly item: SweepItemEntity;
  readonly owner: Keypair;
  readonly tokenAccount: PublicKey;
  readonly mint: PublicKey;
  readonly programId: PublicKey;
  readonly decimals: number;
  readonly raw: bigint;
}

// Solana sweeps: one transaction moves the token accounts of a batch of deposit owners into the
// treasury's associated token accounts (TransferChecked, each owner signing), the treasury
// paying the fee as fee payer. Token accounts are found by owner and mint, so an associated
// account and one a wallet made for the owner are both swept.
@Injectable()
export class SolanaDepositSweeper extends DepositSweeper {
  readonly blockchain = Blockchain.SOLANA;

  constructor(
    private readonly config: ChainWatchersConfig,
    private readonly keys: DepositKeys,
    private readonly treasury: TreasuryKeys,
    private readonly broadcaster: SolanaBroadcaster,
    private readonly registry: ChainRegistry,
    private readonly sweeps: SweepsRepository,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    super();
  }

  get batchSize(): number {
    return this.config.SWEEP_BATCH_SIZE;
  }

  notReady(): string | null {
    if (!this.keys.configured) return 'DEPOSIT_MASTER_SECRET is not set';
    if (!this.treasury.solana) return 'SOLANA_REFUND_SECRET_KEY (the treasury) is not set';
    return null;
  }

  destination(): string {
    return this.treasury.solana!.publicKey.toBase58();
  }

  async advance(sweep: SweepEntity): Promise<void> {
    const pending = await this.sweeps.pendingAttempt(sweep.id);
    if (pending) {
      const verdict = await this.broadcaster.lookup(pending);
      if (verdict.kind === 'landed' || verdict.kind === 'failed')
        return this.conclude(sweep, pending, verdict);
      if (await this.broadcaster.canStillLand(pending))
        return this.conclude(sweep, pending, await this.broadcaster.broadcast(pending));
      await this.sweeps.markAttempt(pending.id, 'EXPIRED');
    }
    const plannedAt = this.clock.now();
    const planned = await this.balances(sweep);
    if (planned.length === 0) return this.sweeps.discardEmpty(sweep.id, plannedAt, this.clock.now());
    await this.sweeps.plan(
      sweep.id,
      plannedAt,
      planned.map(({ item }) => item),
    );
    const signed = await this.sign(planned);
    const attempt = await this.sweeps.saveAttempt({
      id: this.ids.uuid(),
      sweepId: sweep.id,
      itemId: null,
      kind: 'TRANSFER',
      signedPayload: signed.payload,
      txHash: signed.hash,
      lastValidBlockHeight: String(signed.lastValidBlockHeight),
      nonce: null,
      state: 'PENDING',
      fee: null,
      value: null,
      createdAt: this.clock.now(),
    });
    return this.conclude(sweep, attempt, await this.broadcaster.broadcast(attempt));
  }

  // Every non-empty token account of the sweep's owners in an active mint. The signatures of one
  // transaction are bounded (1232 bytes), so owners past SWEEP_BATCH_SIZE transfers go back to a
  // later sweep.
  private async balances(sweep: SweepEntity): Promise<PlannedTransfer[]> {
    const { assets } = await this.registry.chain(Blockchain.SOLANA);
    const planned: PlannedTransfer[] = [];
    const released: string[] = [];
    for (const account of await this.sweeps.accountsOf(sweep.id)) {
      const found = await this.accountBalances(sweep, account, assets);
      if (planned.length + found.length > this.config.SWEEP_BATCH_SIZE && planned.length > 0) {
        released.push(account.transactionId);
        continue;
      }
      planned.push(...found);
    }
    await this.sweeps.release(sweep.id, released);
    return planned;
  }

  private async accountBalances(
    sweep: SweepEntity,
    account: DepositAccountEntity,
    assets: readonly ActiveAssetView[],
  ): Promise<PlannedTransfer[]> {
    const owner = this.keys.solana(account.transactionId);
    const planned: PlannedTransfer[] = [];
    for (const asset of assets) {
      const mint = new PublicKey(asset.mintAddress);
      const { value } = await this.broadcaster.connection.getTokenAccountsByOwner(
        owner.publicKey,
        { mint },
        this.config.SOLANA_COMMITMENT,
      );
      for (const { pubkey, account: tokenAccount } of value) {
        const raw = AccountLayout.decode(tokenAccount.data.subarray(0, AccountLayout.span)).amount;
        if (raw === 0n) continue;
        planned.push({
          item: {
            id: this.ids.uuid(),
            sweepId: sweep.id,
            transactionId: account.transactionId,
            address: account.address,
            source: pubkey.toBase58(),
            asset: asset.mintAddress,
            amount: tokenAmount(raw, asset.decimals),
          },
          owner,
          tokenAccount: pubkey,
          mint,
          programId: tokenAccount.owner,
          decimals: asset.decimals,
          raw,
        });
      }
    }
    return planned;
  }

  private async sign(planned: readonly PlannedTransfer[]) {
    const treasury = this.treasury.solana!;
    const connection = this.broadcaster.connection;
    const transaction = new Transaction();
    const destinations = new Map<string, PublicKey>();
    for (const { mint, programId } of planned) {
      if (destinations.has(mint.toBase58())) continue;
      const destination = getAssociatedTokenAddressSync(mint, treasury.publicKey, false, programId);
      destinations.set(mint.toBase58(), destination);
      // Only when missing: creating an existing account is idempotent on chain, but costs a CPI.
      if (!(await connection.getAccountInfo(destination)))
        transaction.add(
          createAssociatedTokenAccountIdempotentInstruction(
            treasury.publicKey,
            destination,
            treasury.publicKey,
            mint,
            programId,
          ),
        );
    }
    for (const transfer of planned)
      transaction.add(
        createTransferCheckedInstruction(
          transfer.tokenAccount,
          transfer.mint,
          destinations.get(transfer.mint.toBase58())!,
          transfer.owner.publicKey,
          transfer.raw,
          transfer.decimals,
          [],
          transfer.programId,
        ),
      );
    const owners = [...new Map(planned.map(({ owner }) => [owner.publicKey.toBase58(), owner])).values()];
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash('finalized');
    transaction.recentBlockhash = blockhash;
    transaction.feePayer = treasury.publicKey;
    return { ...signSolanaTransaction(transaction, [treasury, ...owners]), lastValidBlockHeight };
  }

  // Unknown and ambiguous outcomes leave the attempt pending for the next pass.
  private async conclude(
    sweep: SweepEntity,
    attempt: SweepAttemptEntity,
    verdict: ChainVerdict,
  ): Promise<void> {
    if (verdict.kind === 'landed') {
      const fee = await this.broadcaster.feeOf(attempt);
      await this.sweeps.markAttempt(attempt.id, 'LANDED', fee);
      await this.sweeps.settle(sweep.id, {
        status: 'SWEPT',
        txHash: attempt.txHash,
        networkFee: fee,
        gasFunded: null,
        failureReason: null,
        settledAt: this.clock.now(),
      });
      this.logger.info({ sweepId: sweep.id, txHash: attempt.txHash, fee }, 'Solana deposits swept');
      return;
    }
    if (verdict.kind === 'failed') {
      await this.sweeps.markAttempt(attempt.id, 'FAILED');
      await this.sweeps.settle(sweep.id, {
        status: 'FAILED',
        txHash: attempt.txHash,
        networkFee: null,
        gasFunded: null,
        failureReason: verdict.reason.slice(0, 200),
        settledAt: this.clock.now(),
      });
      this.logger.error(
        { sweepId: sweep.id, reason: verdict.reason },
        'Solana sweep failed; its deposits stay due',
      );
      return;
    }
    this.logger.warn(
      { sweepId: sweep.id, txHash: attempt.txHash, outcome: verdict.kind },
      'sweep outcome unknown',
    );
  }
}
