import { Injectable } from '@nestjs/common';
import { type Keypair, PublicKey, Transaction } from '@solana/web3.js';
import { AccountLayout, createTransferCheckedInstruction } from '@solana/spl-token';
import { parseUnits } from 'ethers';
import type { ActiveAssetView } from '@shared/contracts';
import { ChainWatchersConfig } from '../core/chain-watchers.config.js';
import type { DepositAccountRef } from '../core/chains/deposit-accounts.port.js';
import type {
  SweepBalance,
  SweepPlanner,
  SweepProgress,
  SweepRound,
  SweepTransaction,
} from '../core/chains/sweep-planner.port.js';
import { signSolanaTransaction } from './sign-transaction.js';
import { SolanaDepositKeys } from './solana-deposit-keys.js';
import { SolanaHotWallet } from './solana-hot-wallet.js';
import { SolanaRpc } from './solana-rpc.js';
import { associatedTokenAccount, tokenProgramOf } from './solana-token-accounts.js';

// Solana sweeps: one transaction moves the token accounts of a batch of deposit owners into the
// treasury's associated token accounts (TransferChecked, each owner signing), the treasury
// paying the fee as fee payer. Token accounts are found by owner and mint, so an associated
// account and one a wallet made for the owner are both swept. A transaction holds 1232 bytes,
// so one sweep moves at most SWEEP_BATCH_SIZE token accounts.
@Injectable()
export class SolanaSweepPlanner implements SweepPlanner {
  readonly accountsPerSweep: number;
  readonly balancesPerSweep: number;
  readonly fundsGas = false;

  constructor(
    config: ChainWatchersConfig,
    private readonly rpc: SolanaRpc,
    private readonly keys: SolanaDepositKeys,
    private readonly treasury: SolanaHotWallet,
  ) {
    this.accountsPerSweep = config.SWEEP_BATCH_SIZE;
    this.balancesPerSweep = config.SWEEP_BATCH_SIZE;
  }

  async balances(account: DepositAccountRef, assets: readonly ActiveAssetView[]): Promise<SweepBalance[]> {
    const owner = this.keys.keypair(account.transactionId).publicKey;
    const balances: SweepBalance[] = [];
    for (const asset of assets) {
      const { value } = await this.rpc.connection.getTokenAccountsByOwner(
        owner,
        { mint: new PublicKey(asset.mintAddress) },
        this.rpc.commitment,
      );
      for (const { pubkey, account: tokenAccount } of value) {
        const raw = AccountLayout.decode(tokenAccount.data.subarray(0, AccountLayout.span)).amount;
        if (raw !== 0n) balances.push({ source: pubkey.toBase58(), asset, raw });
      }
    }
    return balances;
  }

  // A sweep's transaction shares nothing with another's (no nonce: each names a recent blockhash).
  round(): SweepRound {
    return { next: (sweep) => this.next(sweep) };
  }

  // Every item in one transaction; nothing more once it landed.
  private async next({ items, landed, assets }: SweepProgress): Promise<SweepTransaction | null> {
    if (landed.some(({ kind }) => kind === 'TRANSFER')) return null;
    const treasury = this.treasury.keypair!;
    const { connection } = this.rpc;
    const transaction = new Transaction();
    const destinations = new Map<string, { account: PublicKey; programId: PublicKey; decimals: number }>();
    for (const mint of new Set(items.map(({ asset }) => asset))) {
      const decimals = assets.find(({ mintAddress }) => mintAddress === mint)?.decimals;
      if (decimals === undefined) throw new Error(`mint ${mint} is no longer active on SOLANA`);
      const programId = await tokenProgramOf(connection, new PublicKey(mint));
      const account = await associatedTokenAccount(connection, transaction, {
        payer: treasury.publicKey,
        owner: treasury.publicKey,
        mint: new PublicKey(mint),
        programId,
      });
      destinations.set(mint, { account, programId, decimals });
    }
    const owners = new Map<string, Keypair>();
    for (const item of items) {
      const owner = this.keys.keypair(item.transactionId);
      owners.set(owner.publicKey.toBase58(), owner);
      const { account, programId, decimals } = destinations.get(item.asset)!;
      transaction.add(
        createTransferCheckedInstruction(
          new PublicKey(item.source),
          new PublicKey(item.asset),
          account,
          owner.publicKey,
          parseUnits(item.amount, decimals),
          decimals,
          [],
          programId,
        ),
      );
    }
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash('finalized');
    transaction.recentBlockhash = blockhash;
    transaction.feePayer = treasury.publicKey;
    const signed = signSolanaTransaction(transaction, [treasury, ...owners.values()]);
    return {
      kind: 'TRANSFER',
      itemId: null,
      signed: {
        signedPayload: signed.payload,
        txHash: signed.hash,
        lastValidBlockHeight: String(lastValidBlockHeight),
        nonce: null,
      },
      value: null,
    };
  }
}
