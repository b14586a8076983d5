import { Injectable } from '@nestjs/common';
import { Interface, isAddress, type JsonRpcProvider, keccak256, parseUnits, Wallet } from 'ethers';
import { Blockchain, type ActiveAssetView } from '@shared/contracts';
import { CeloBroadcaster } from '../celo/celo-broadcaster.js';
import { CELO_CHAIN_ID } from '../celo/celo-provider.js';
import { ChainWatchersConfig } from '../chain-watchers.config.js';
import type { RefundAttemptEntity } from './refund-attempt.entity.js';
import { RefundRefusedError, RefundSender, type ChainVerdict, type SignedRefund } from './refund-sender.js';
import type { RefundEntity } from './refund.entity.js';

const ERC20 = new Interface(['function transfer(address to, uint256 value) returns (bool)']);

@Injectable()
export class CeloRefundSender extends RefundSender {
  readonly blockchain = Blockchain.CELO;
  readonly hotWallet: string | null;
  private readonly wallet: Wallet | null;
  private readonly provider: JsonRpcProvider;

  constructor(
    config: ChainWatchersConfig,
    private readonly broadcaster: CeloBroadcaster,
  ) {
    super();
    this.provider = broadcaster.provider;
    this.wallet = config.CELO_REFUND_PRIVATE_KEY
      ? new Wallet(config.CELO_REFUND_PRIVATE_KEY, this.provider)
      : null;
    this.hotWallet = this.wallet?.address ?? null;
  }

  async sign(refund: RefundEntity, asset: ActiveAssetView): Promise<SignedRefund> {
    if (!isAddress(refund.destination)) throw new RefundRefusedError('invalid destination');
    let raw: bigint;
    try {
      raw = parseUnits(refund.amount, asset.decimals);
    } catch {
      throw new RefundRefusedError(`amount has more than ${asset.decimals} decimals`);
    }
    const wallet = this.wallet!;
    const request = {
      to: asset.mintAddress,
      data: ERC20.encodeFunctionData('transfer', [refund.destination, raw]),
    };
    const [nonce, gasLimit, fees] = await Promise.all([
      this.provider.getTransactionCount(wallet.address, 'latest'),
      this.provider.estimateGas({ ...request, from: wallet.address }),
      this.provider.getFeeData(),
    ]);
    const payload = await wallet.signTransaction({
      ...request,
      nonce,
      gasLimit: (gasLimit * 12n) / 10n,
      chainId: CELO_CHAIN_ID,
      type: 2,
      maxFeePerGas: fees.maxFeePerGas ?? fees.gasPrice,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas ?? 0n,
    });
    return { payload, hash: keccak256(payload), nonce };
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
