import type { ChainFacts } from '../core/chains/chain-facts.js';

// Until @payout/rails' chainRail(SOLANA): base58 addresses are case-sensitive.
export const solanaFacts: ChainFacts = {
  family: 'solana',
  binding: 'address',
  sameAddress: (a, b) => a === b,
};
