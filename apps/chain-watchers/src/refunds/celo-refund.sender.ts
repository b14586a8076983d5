import { Injectable } from '@nestjs/common';
import {
  Interface,
  isAddress,
  type JsonRpcProvider,
  keccak256,
  parseUnits,
  Transaction,
  Wallet,
} from 'ethers';
import { Blockchain, type ActiveAssetView } from '@shared/contracts';
import { CELO_CHAIN_ID, celoProvider } from '../celo/celo-provider.js';
import { ChainWatchersConfig } from '../chain-watchers.config.js';
import type { RefundAttemptEntity } from './refund-attempt.entity.js';
import { RefundRefusedError, RefundSender, type ChainVerdict, type SignedRefund } from './refund-sender.js';
import type { RefundEntity } from './refund.entity.js';

const ERC20 = new Interface(['function transfer(address to, uint256 value) returns (bool)']);
const CONFIRM_POLL_MS = 250;

@Injectable()
export class CeloRefundSender extends RefundSender {
  readonly blockchain = Blockchain.CELO;
  readonly hotWallet: string | null;
  private readonly wallet: Wallet | null;
  private readonly provider: JsonRpcProvider;

  constructor(private readonly config: ChainWatchersConfig) {
    super();
    this.provider = celoProvider(config);
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

  async broadcast(attempt: RefundAttemptEntity): Promise<ChainVerdict> {
    try {
      await this.provider.broadcastTransaction(attempt.signedPayload);
    } catch (error) {
      const code = (error as { code?: string }).code;
      // Already in the pool or mined (ours), or its nonce taken: the lookup tells which.
      if (code === 'NONCE_EXPIRED' || /already known/i.test(String(error))) return this.lookup(attempt);
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
    const receipt = await this.provider.getTransactionReceipt(attempt.txHash);
    if (!receipt) return { kind: 'unknown' };
    const head = Number(await this.provider.send('eth_blockNumber', []));
    if (head - receipt.blockNumber + 1 < this.config.CELO_CONFIRMATIONS) return { kind: 'unknown' };
    return receipt.status === 1 ? { kind: 'landed' } : { kind: 'failed', reason: 'transfer reverted' };
  }

  // It can land while its nonce is unused; once the account's count passed it, it never will.
  async canStillLand(attempt: RefundAttemptEntity): Promise<boolean> {
    const count = await this.provider.getTransactionCount(
      Transaction.from(attempt.signedPayload).from!,
      'latest',
    );
    return count <= Number(attempt.nonce);
  }
}
