import { Injectable } from '@nestjs/common';
import { type Connection, Keypair, PublicKey, Transaction } from '@solana/web3.js';
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import { encodeBase58, parseUnits } from 'ethers';
import { Blockchain, type ActiveAssetView } from '@shared/contracts';
import { ChainWatchersConfig } from '../chain-watchers.config.js';
import { decodeBase58 } from '../solana/base58.js';
import { solanaConnection } from '../solana/solana-connection.js';
import type { RefundAttemptEntity } from './refund-attempt.entity.js';
import { RefundRefusedError, RefundSender, type ChainVerdict, type SignedRefund } from './refund-sender.js';
import type { RefundEntity } from './refund.entity.js';

const CONFIRM_POLL_MS = 250;

@Injectable()
export class SolanaRefundSender extends RefundSender {
  readonly blockchain = Blockchain.SOLANA;
  readonly hotWallet: string | null;
  private readonly keypair: Keypair | null;
  private readonly connection: Connection;

  constructor(private readonly config: ChainWatchersConfig) {
    super();
    this.keypair = config.SOLANA_REFUND_SECRET_KEY ? solanaKeypair(config.SOLANA_REFUND_SECRET_KEY) : null;
    this.hotWallet = this.keypair?.publicKey.toBase58() ?? null;
    this.connection = solanaConnection(config);
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
    transaction.sign(owner);
    return {
      payload: transaction.serialize().toString('base64'),
      hash: encodeBase58(transaction.signature!),
      lastValidBlockHeight,
    };
  }

  async broadcast(attempt: RefundAttemptEntity): Promise<ChainVerdict> {
    try {
      await this.connection.sendRawTransaction(Buffer.from(attempt.signedPayload, 'base64'), {
        maxRetries: 0,
      });
    } catch (error) {
      const message = String((error as Error).message ?? error);
      if (/already been processed|AlreadyProcessed/i.test(message)) return this.lookup(attempt);
      if (/simulation failed/i.test(message)) return { kind: 'failed', reason: 'transfer simulation failed' };
      return { kind: 'ambiguous' };
    }
    for (let waited = 0; waited < this.config.REFUND_CONFIRM_TIMEOUT_MS; waited += CONFIRM_POLL_MS) {
      const verdict = await this.lookup(attempt);
      if (verdict.kind !== 'unknown') return verdict;
      await new Promise((resolve) => setTimeout(resolve, CONFIRM_POLL_MS));
    }
    return { kind: 'ambiguous' };
  }

  async lookup(attempt: RefundAttemptEntity): Promise<ChainVerdict> {
    const [status] = (
      await this.connection.getSignatureStatuses([attempt.txHash], { searchTransactionHistory: true })
    ).value;
    if (!status) return { kind: 'unknown' };
    if (status.err) return { kind: 'failed', reason: `transaction failed: ${JSON.stringify(status.err)}` };
    const final = this.config.SOLANA_COMMITMENT === 'finalized' ? ['finalized'] : ['confirmed', 'finalized'];
    return final.includes(status.confirmationStatus ?? '') ? { kind: 'landed' } : { kind: 'unknown' };
  }

  // A transaction lands only while its blockhash is valid (up to its last valid block height).
  async canStillLand(attempt: RefundAttemptEntity): Promise<boolean> {
    const height = await this.connection.getBlockHeight('confirmed');
    return height <= Number(attempt.lastValidBlockHeight ?? 0);
  }
}

function publicKeyOrNull(value: string): PublicKey | null {
  try {
    return new PublicKey(value);
  } catch {
    return null;
  }
}

// A Solana secret key as base58 (wallet export) or a JSON array of 64 bytes (CLI keypair file).
function solanaKeypair(secret: string): Keypair {
  const trimmed = secret.trim();
  const bytes = trimmed.startsWith('[')
    ? Uint8Array.from(JSON.parse(trimmed) as number[])
    : decodeBase58(trimmed);
  return Keypair.fromSecretKey(bytes);
}
