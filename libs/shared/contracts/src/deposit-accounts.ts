import type { Blockchain } from './payout-enums.js';

// transaction-service asks chain-watchers for the deposit address of a transaction it is about
// to create (`POST /internal/deposit-accounts`, service identity) on the chains where every
// transaction has its own (@payout/rails: `binding: 'address'`). The address is
// derived from chain-watchers' master secret and the transaction id, so asking again answers the
// same address; chain-watchers watches it for deposits until `expiresAt` (plus a grace).
export interface OpenDepositAccountRequest {
  readonly blockchain: Blockchain;
  readonly transactionId: string;
  // The token the transaction expects: Solana mint, Celo token contract.
  readonly asset: string;
  // ISO 8601: the quote's expiry.
  readonly expiresAt: string;
}

export interface OpenDepositAccountResponse {
  // Solana: the owner whose token account of the mint receives the deposit; Celo: the address an
  // ERC-20 transfer pays. Null when chain-watchers has no master secret (no such addresses).
  readonly address: string | null;
}
