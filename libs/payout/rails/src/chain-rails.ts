import { Blockchain } from '@shared/contracts';
import type { ChainRail } from './chain-rail.js';
import { CELO } from './chains/celo.chain.js';
import { SOLANA } from './chains/solana.chain.js';
import { STELLAR } from './chains/stellar.chain.js';

// Every chain the platform takes deposits on. A new chain is one record here (and its
// `Blockchain` member); the compiler then asks for it wherever a record per chain is kept.
export const CHAIN_RAILS: Readonly<Record<Blockchain, ChainRail>> = {
  [Blockchain.STELLAR]: STELLAR,
  [Blockchain.SOLANA]: SOLANA,
  [Blockchain.CELO]: CELO,
};

export function chainRail(blockchain: Blockchain): ChainRail {
  return CHAIN_RAILS[blockchain];
}

// Whether two addresses (or token ids) on `blockchain` name the same account.
export function sameAddress(blockchain: Blockchain, a: string, b: string): boolean {
  return chainRail(blockchain).addressesIgnoreCase ? a.toLowerCase() === b.toLowerCase() : a === b;
}

// Null when the address fits the chain, else why not. A typo caught here is a deposit that is not
// sent to an address nobody controls.
export function addressProblem(blockchain: Blockchain, address: string): string | null {
  const { pattern, expected } = chainRail(blockchain).address;
  return pattern.test(address) ? null : `A ${blockchain} deposit address must be ${expected}`;
}

// Null when the id fits the chain, else why not. A malformed one is a request to fix, not a
// transfer to wait for: no chain will ever confirm it.
export function transferIdProblem(blockchain: Blockchain, transferId: string): string | null {
  const { pattern, expected } = chainRail(blockchain).transferId;
  return pattern.test(transferId) ? null : `on_chain_tx must be ${expected}`;
}

// Chains whose deposits are reported through /payments/notify (and so named by a transfer id
// in a request that does not say its chain).
export const NOTIFIED_CHAINS: readonly ChainRail[] = Object.values(CHAIN_RAILS).filter(
  (rail) => rail.notify.endpoint !== null,
);

// Any notified chain's transfer id, for a request that names its chain in a sibling field. The
// alternatives are sorted: the pattern, published in the API document, does not move when a
// chain's record does.
export const NOTIFIED_TRANSFER_ID = new RegExp(
  `^(${NOTIFIED_CHAINS.map((rail) => rail.transferId.pattern.source.slice(1, -1))
    .sort()
    .join('|')})$`,
);
