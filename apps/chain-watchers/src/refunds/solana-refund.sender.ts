import { Injectable } from '@nestjs/common';
import { type Connection, Keypair, PublicKey, Transaction } from '@solana/web3.js';
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import { parseUnits } from 'ethers';
import { Blockchain, type ActiveAssetView } from '@shared/contracts';
import { ChainWatchersConfig } from '../chain-watchers.config.js';
import { SolanaBroadcaster } from '../solana/solana-broadcaster.js';
import { signSolanaTransaction } from '../solana/sign-transaction.js';
import { solanaKeypair } from '../solana/solana-keypair.js';
import type { RefundAttemptEntity } from './refund-attempt.entity.js';
import { RefundRefusedError, RefundSender, type ChainVerdict, type SignedRefund } from './refund-sender.js';
import type { RefundEntity } from './refund.entity.js';

@Injectable()
export class SolanaRefundSender extends RefundSender {
  readonly blockchain = Blockchain.SOLANA;
  readonly hotWallet: string | null;
  private readonly keypair: Keypair | null;
  private readonly connection: Connection;

  constructor(
    config: ChainWatchersConfig,
    private readonly broadcaster: SolanaBroadcaster,
  ) {
    super();
    this.keypair = config.SOLANA_REFUND_SECRET_KEY ? solanaKeypair(config.SOLANA_REFUND_SECRET_KEY) : null;
    this.hotWallet = this.keypair?.publicKey.toBase58() ?? null;
    this.connection = broadcaster.connection;
  }

  async sign(refund: RefundEntity, asset: ActiveAssetView): Promise<SignedRefund> {
    const destination = publicKeyOrNull(refund.destination);
    if (!destination) throw new RefundRefusedError('invalid destination');
    let raw: bigint;
    try {
      raw = parseUnits(refund.amount, asset.decimals);
    } catch {
      throw new RefundRefusedError(`amount has more than ${asset.decimals} decimals`);
    }
    const owner = this.keypair!;
    const mint = new PublicKey(asset.mintAddress);
    const mintAccount = await this.connection.getAccountInfo(mint);
    if (!mintAccount) throw new Error(`mint ${asset.mintAddress} not found`);
    const programId = mintAccount.owner;
    const target = getAssociatedTokenAddressSync(mint, destination, true, programId);
    const transaction = new Transaction();
    // Only when missing: creating an existing account is idempotent on chain, but costs a CPI.
    if (!(await this.connection.getAccountInfo(target)))
      transaction.add(
        createAssociatedTokenAccountIdempotentInstruction(
          owner.publicKey,
          target,
          destination,
          mint,
          programId,
        ),
      );
    transaction.add(
      createTransferCheckedInstruction(
        getAssociatedTokenAddressSync(mint, owner.publicKey, false, programId),
        mint,
        target,
        owner.publicKey,
        raw,
        asset.decimals,
        [],
        programId,
      ),
    );
    const { blockhash, lastValidBlockHeight } = await this.connection.getLatestBlockhash('finalized');
    transaction.recentBlockhash = blockhash;
    transaction.feePayer = owner.publicKey;
    return { ...signSolanaTransaction(transaction, [owner]), lastValidBlockHeight };
  }

  broadcast(attempt: RefundAttemptEntity): Promise<ChainVerdict> {
    return this.broadcaster.broadcast(attempt);
  }

  lookup(attempt: RefundAttemptEntity): Promise<ChainVerdict> {
    return this.broadcaster.lookup(attempt);
  }

  canStillLand(attempt: RefundAttemptEntity): Promise<boolean> {
    return this.broadcaster.canStillLand(attempt);
  }
}

function publicKeyOrNull(value: string): PublicKey | null {
  try {
    return new PublicKey(value);
  } catch {
    return null;
  }
}
