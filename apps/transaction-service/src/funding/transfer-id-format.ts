import { Blockchain } from '@shared/contracts';

const SOLANA_SIGNATURE = '[1-9A-HJ-NP-Za-km-z]{64,88}';
const EVM_HASH = '0x[0-9a-fA-F]{64}';

// What each chain names its transactions by. A malformed one is a request to fix (400), not a
// transfer to wait for (404 transfer_not_found): no chain will ever confirm it.
const FORMATS: Readonly<Record<Blockchain, { readonly pattern: RegExp; readonly expected: string }>> = {
  [Blockchain.STELLAR]: { pattern: /^[0-9a-f]{64}$/, expected: 'a Stellar transaction hash (64 hex digits)' },
  [Blockchain.SOLANA]: {
    pattern: new RegExp(`^${SOLANA_SIGNATURE}$`),
    expected: 'a Solana transaction signature (base58, 64 to 88 characters)',
  },
  [Blockchain.CELO]: {
    pattern: new RegExp(`^${EVM_HASH}$`),
    expected: 'a Celo transaction hash (0x and 64 hex digits)',
  },
};

// Either notified chain's form, for a request that names its chain in the path or a sibling field.
export const NOTIFIED_TRANSFER_ID = new RegExp(`^(${EVM_HASH}|${SOLANA_SIGNATURE})$`);

// Null when the id fits the chain, else why not.
export function transferIdProblem(blockchain: Blockchain, onChainTx: string): string | null {
  const format = FORMATS[blockchain];
  return format.pattern.test(onChainTx) ? null : `on_chain_tx must be ${format.expected}`;
}
