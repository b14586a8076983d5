import { Injectable } from '@nestjs/common';
import { type Keypair, PublicKey, Transaction } from '@solana/web3.js';
import { createTransferCheckedInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { parseUnits } from 'ethers';
import type { ActiveAssetView } from '@shared/contracts';
import { ChainWatchersConfig } from '../core/chain-watchers.config.js';
import type { HotWallet, SignedRefund } from '../core/chains/chain-adapter.js';
import { RefundRefusedError } from '../core/chains/refund-refused.error.js';
import { signSolanaTransaction } from './sign-transaction.js';
import { solanaKeypair } from './solana-keypair.js';
import { SolanaRpc } from './solana-rpc.js';
import { associatedTokenAccount, publicKeyOrNull, tokenProgramOf } from './solana-token-accounts.js';

// The Solana hot wallet (SOLANA_REFUND_SECRET_KEY): it sends refunds (TransferChecked into the
// destination's associated token account, created when missing) and is the treasury sweeps pay
// into, paying their fees.
@Injectable()
export class SolanaHotWallet implements HotWallet {
  readonly keypair: Keypair | null;
  readonly address: string | null;
  readonly missingKey: string | null;

  constructor(
    config: ChainWatchersConfig,
    private readonly rpc: SolanaRpc,
  ) {
    this.keypair = config.SOLANA_REFUND_SECRET_KEY ? solanaKeypair(config.SOLANA_REFUND_SECRET_KEY) : null;
    this.address = this.keypair?.publicKey.toBase58() ?? null;
    this.missingKey = this.keypair ? null : 'SOLANA_REFUND_SECRET_KEY';
  }

  async signTransfer(
    transfer: { readonly destination: string; readonly amount: string },
    asset: ActiveAssetView,
  ): Promise<SignedRefund> {
    const destination = publicKeyOrNull(transfer.destination);
    if (!destination) throw new RefundRefusedError('invalid destination');
    let raw: bigint;
    try {
      raw = parseUnits(transfer.amount, asset.decimals);
    } catch {
      throw new RefundRefusedError(`amount has more than ${asset.decimals} decimals`);
    }
    const owner = this.keypair!;
    const { connection } = this.rpc;
    const mint = new PublicKey(asset.mintAddress);
    const programId = await tokenProgramOf(connection, mint);
    const transaction = new Transaction();
    const target = await associatedTokenAccount(connection, transaction, {
      payer: owner.publicKey,
      owner: destination,
      mint,
      programId,
    });
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
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash('finalized');
    transaction.recentBlockhash = blockhash;
    transaction.feePayer = owner.publicKey;
    return { ...signSolanaTransaction(transaction, [owner]), lastValidBlockHeight };
  }
}
