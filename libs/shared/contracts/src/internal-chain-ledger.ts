import type { Blockchain } from './payout-enums.js';

// GET /internal/ledger on chain-watchers: what reached our addresses and what left them for the
// treasury, per chain and currency, as the chains showed it. Amounts are decimal strings in whole
// tokens (exact).
export interface ChainLedgerEntry {
  readonly blockchain: Blockchain;
  readonly cryptoCurrency: string;
  // Customers' transfers into our addresses (deposit accounts, the shared memo-bound ones).
  readonly received: string;
  // The treasury's own funding into them (hot wallets, issuers, TREASURY_SOURCES).
  readonly treasuryFunded: string;
  // Moved from per-transaction deposit accounts into the treasury by sweeps that completed.
  readonly sweptToTreasury: string;
}

export interface ChainLedgerResponse {
  readonly entries: readonly ChainLedgerEntry[];
}
