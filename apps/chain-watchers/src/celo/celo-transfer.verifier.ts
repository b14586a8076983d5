import { Injectable } from '@nestjs/common';
import { getAddress, id, type JsonRpcProvider, type TransactionReceipt } from 'ethers';
import {
  Blockchain,
  CryptoCurrency,
  type DepositDetectedV1,
  type VerifyTransferResponse,
} from '@shared/contracts';
import { ChainWatchersConfig } from '../chain-watchers.config.js';
import { DepositAccountsRepository } from '../deposit-accounts/deposit-accounts.repository.js';
import { celoProvider } from './celo-provider.js';
import { tokenAmount } from '../transfers/token-amount.js';
import { TransferVerifier } from '../transfers/transfer-verifier.js';
import type { ChainView } from '../upstreams/chain-registry.js';

const TRANSFER_TOPIC = id('Transfer(address,address,uint256)');
const HASH = /^0x[0-9a-fA-F]{64}$/;

// A Celo hash is a deposit when its receipt exists with status 1 and enough confirmations, and
// it holds ERC-20 Transfer logs of an active token to a deposit address (shared or a transaction's
// own). The logs of one token
// to one address are summed into one fact (a transaction may split a payment).
@Injectable()
export class CeloTransferVerifier extends TransferVerifier {
  readonly blockchain = Blockchain.CELO;
  private readonly provider: JsonRpcProvider;

  constructor(
    private readonly config: ChainWatchersConfig,
    private readonly accounts: DepositAccountsRepository,
  ) {
    super();
    this.provider = celoProvider(config);
  }

  async verify(
    hash: string,
    chain: ChainView,
    transactionId: string | null,
  ): Promise<VerifyTransferResponse> {
    if (!HASH.test(hash)) return { status: 'not_found' };
    const receipt = await this.provider.getTransactionReceipt(hash);
    if (!receipt) return { status: 'not_found' };
    // The head is read afresh: ethers caches the block number for its polling interval.
    const head = Number(await this.provider.send('eth_blockNumber', []));
    if (head - receipt.blockNumber + 1 < this.config.CELO_CONFIRMATIONS) return { status: 'not_found' };
    if (receipt.status !== 1) return { status: 'invalid', reason: 'failed' };
    const block = await this.provider.getBlock(receipt.blockNumber);
    const confirmedAt = new Date(Number(block?.timestamp ?? 0) * 1000).toISOString();
    const known = await this.accounts.known(Blockchain.CELO, celoRecipients(receipt));
    const transfers = celoTransfers(
      receipt,
      { ...chain, depositAccounts: known.map(({ address }) => address) },
      transactionId,
      confirmedAt,
    );
    return transfers.length > 0
      ? { status: 'found', transfers }
      : { status: 'invalid', reason: 'no_deposit' };
  }
}

export function celoTransfers(
  receipt: Pick<TransactionReceipt, 'hash' | 'logs'>,
  chain: ChainView,
  transactionId: string | null,
  confirmedAt: string,
): DepositDetectedV1[] {
  const ours = new Map(
    [...chain.addresses.map(({ address }) => address), ...(chain.depositAccounts ?? [])].map((address) => [
      address.toLowerCase(),
      address,
    ]),
  );
  const sums = new Map<string, { fact: DepositDetectedV1; raw: bigint }>();
  for (const log of receipt.logs) {
    if (log.topics[0] !== TRANSFER_TOPIC || log.topics.length !== 3) continue;
    const asset = chain.assets.find(
      ({ mintAddress }) => mintAddress.toLowerCase() === log.address.toLowerCase(),
    );
    const to = ours.get(topicAddress(log.topics[2]!).toLowerCase());
    if (!asset || !to) continue;
    const raw = BigInt(log.data);
    const key = `${asset.mintAddress}:${to}`;
    const previous = sums.get(key);
    const total = (previous?.raw ?? 0n) + raw;
    const fact: DepositDetectedV1 = previous?.fact ?? {
      blockchain: Blockchain.CELO,
      onChainTx: receipt.hash,
      transferIndex: log.index,
      cryptoCurrency: asset.cryptoCurrency as CryptoCurrency,
      asset: asset.mintAddress,
      depositAddress: to,
      sender: topicAddress(log.topics[1]!),
      amount: '0',
      memo: null,
      transactionId,
      confirmedAt,
    };
    sums.set(key, { raw: total, fact: { ...fact, amount: tokenAmount(total, asset.decimals) } });
  }
  return [...sums.values()].map(({ fact }) => fact);
}

// The (checksummed) recipients of the receipt's ERC-20 Transfer logs: the candidates for "ours".
export function celoRecipients(receipt: Pick<TransactionReceipt, 'logs'>): string[] {
  const transfers = receipt.logs.filter(({ topics }) => topics[0] === TRANSFER_TOPIC && topics.length === 3);
  return [...new Set(transfers.map(({ topics }) => topicAddress(topics[2]!)))];
}

function topicAddress(topic: string): string {
  return getAddress(`0x${topic.slice(-40)}`);
}
