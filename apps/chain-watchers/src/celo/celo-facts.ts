import type { ChainFacts } from '../core/chains/chain-facts.js';

// Until @payout/rails' chainRail(CELO): EVM addresses are hex, in any case (checksummed or not).
export const celoFacts: ChainFacts = {
  family: 'evm',
  binding: 'address',
  sameAddress: (a, b) => a.toLowerCase() === b.toLowerCase(),
};
