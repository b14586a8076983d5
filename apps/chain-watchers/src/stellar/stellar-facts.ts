import type { ChainFacts } from '../core/chains/chain-facts.js';

// Until @payout/rails' chainRail(STELLAR): one shared deposit address per chain, the memo naming
// the transaction; account ids are case-sensitive.
export const stellarFacts: ChainFacts = {
  family: 'stellar',
  binding: 'memo',
  sameAddress: (a, b) => a === b,
};
