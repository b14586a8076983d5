import { Blockchain, CryptoCurrency, type DepositDetectedV1 } from '@shared/contracts';
import { trimDecimal } from '../core/chains/token-amount.js';
import type { ChainView } from '../core/upstreams/chain-registry.js';

// The fields of a Horizon payment record this service reads (payments and operations
// endpoints, stream or page).
export interface StellarPaymentRecord {
  readonly id: string;
  readonly paging_token: string;
  readonly type: string;
  readonly transaction_hash: string;
  readonly transaction_successful?: boolean;
  readonly created_at: string;
  readonly to?: string;
  readonly from?: string;
  readonly amount?: string;
  readonly asset_type?: string;
  readonly asset_code?: string;
  readonly asset_issuer?: string;
}

export interface StellarMemo {
  readonly memo_type: string;
  readonly memo?: string;
}

const PAYMENT_TYPES = new Set(['payment', 'path_payment_strict_receive', 'path_payment_strict_send']);

// A payment or path payment into one of our deposit addresses whose asset code and issuer are
// an active asset; null for anything else (outgoing payments, other assets, account creation).
// The memo is the transaction's text memo, null when it has none of that type.
export function stellarDeposit(
  record: StellarPaymentRecord,
  transferIndex: number,
  memo: StellarMemo,
  chain: ChainView,
  transactionId: string | null,
): DepositDetectedV1 | null {
  if (!PAYMENT_TYPES.has(record.type) || record.transaction_successful === false) return null;
  const depositAddress = chain.addresses.find(({ address }) => address === record.to)?.address;
  const asset = chain.assets.find(
    ({ cryptoCurrency, mintAddress }) =>
      cryptoCurrency === record.asset_code && mintAddress === record.asset_issuer,
  );
  if (!depositAddress || !asset || !record.amount || !record.from) return null;
  return {
    blockchain: Blockchain.STELLAR,
    onChainTx: record.transaction_hash,
    transferIndex,
    cryptoCurrency: asset.cryptoCurrency as CryptoCurrency,
    asset: `${asset.mintAddress}:${asset.cryptoCurrency}`,
    depositAddress,
    sender: record.from,
    amount: trimDecimal(record.amount),
    memo: memo.memo_type === 'text' && memo.memo ? memo.memo : null,
    transactionId,
    confirmedAt: new Date(record.created_at).toISOString(),
  };
}

// Horizon operation ids encode the operation's position in its transaction (TOID, low 12 bits,
// 1-based): a stable transfer index whether the payment came from a stream or a page.
export function operationIndex(operationId: string): number {
  return Number(BigInt(operationId) & 0xfffn) - 1;
}
