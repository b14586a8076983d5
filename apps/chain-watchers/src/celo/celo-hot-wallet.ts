import { Injectable } from '@nestjs/common';
import { isAddress, keccak256, parseUnits, Wallet } from 'ethers';
import type { ActiveAssetView } from '@shared/contracts';
import { ChainWatchersConfig } from '../core/chain-watchers.config.js';
import type { HotWallet, SignedRefund } from '../core/chains/chain-adapter.js';
import { RefundRefusedError } from '../core/chains/refund-refused.error.js';
import { CeloRpc } from './celo-rpc.js';
import { ERC20, sendable, signCelo } from './celo-signing.js';

// The Celo hot wallet (CELO_REFUND_PRIVATE_KEY): it sends refunds (an ERC-20 transfer) and is the
// treasury sweeps pay into, sending deposit addresses their gas.
@Injectable()
export class CeloHotWallet implements HotWallet {
  readonly wallet: Wallet | null;
  readonly address: string | null;
  readonly missingKey: string | null;

  constructor(
    config: ChainWatchersConfig,
    private readonly rpc: CeloRpc,
  ) {
    this.wallet = config.CELO_REFUND_PRIVATE_KEY ? new Wallet(config.CELO_REFUND_PRIVATE_KEY) : null;
    this.address = this.wallet?.address ?? null;
    this.missingKey = this.wallet ? null : 'CELO_REFUND_PRIVATE_KEY';
  }

  async signTransfer(
    transfer: { readonly destination: string; readonly amount: string },
    asset: ActiveAssetView,
  ): Promise<SignedRefund> {
    if (!isAddress(transfer.destination)) throw new RefundRefusedError('invalid destination');
    let raw: bigint;
    try {
      raw = parseUnits(transfer.amount, asset.decimals);
    } catch {
      throw new RefundRefusedError(`amount has more than ${asset.decimals} decimals`);
    }
    const wallet = this.wallet!;
    const request = {
      to: asset.mintAddress,
      data: ERC20.encodeFunctionData('transfer', [transfer.destination, raw]),
    };
    const fees = await sendable(this.rpc, wallet.address, request, 20);
    const payload = await signCelo(wallet, request, fees);
    return { payload, hash: keccak256(payload), nonce: fees.nonce };
  }
}
