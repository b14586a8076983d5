// Pure facts about a chain, until the payout rails library (`chainRail(blockchain)`) provides
// them: each adapter folder declares its chain's for now.
export interface ChainFacts {
  readonly family: 'stellar' | 'solana' | 'evm';
  readonly binding: 'memo' | 'address';
  sameAddress(a: string, b: string): boolean;
}
