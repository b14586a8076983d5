import { getAddress, id, type TransactionReceipt } from 'ethers';
import { Blockchain, CryptoCurrency, type DepositDetectedV1 } from '@shared/contracts';
import { tokenAmount } from '../core/chains/token-amount.js';
import type { ChainView } from '../core/upstreams/chain-registry.js';

export const TRANSFER_TOPIC = id('Transfer(address,address,uint256)');

// The ERC-20 Transfer logs of an active token to a deposit address (shared or a transaction's
// own), the logs of one token to one address summed into one fact (a transaction may split a
// payment): the fact keeps the first summed log's index and sender.
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
