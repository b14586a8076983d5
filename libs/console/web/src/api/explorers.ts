import { CHAIN_RAILS } from '@payout/rails';
import type { Blockchain } from '@shared/contracts';

// The public explorer page of a transfer on the real networks (mainnet: the only ones a
// production deployment pays on); null for a chain it does not know.
export function explorerUrl(blockchain: string, hash: string): string | null {
  if (!Object.hasOwn(CHAIN_RAILS, blockchain)) return null;
  return CHAIN_RAILS[blockchain as Blockchain].explorerTransactionUrl(hash);
}
