import type { Blockchain } from './payout-enums.js';

// transaction-service's deposit addresses as chain-watchers read them
// (`GET /internal/deposit-addresses`, service identity). One active address per chain; retired
// ones are listed too, so that late transfers to them are still seen for a while.
export interface DepositAddressView {
  readonly blockchain: Blockchain;
  readonly address: string;
  readonly active: boolean;
  // ISO 8601.
  readonly activatedAt: string;
  // ISO 8601, null while active.
  readonly retiredAt: string | null;
}

export interface DepositAddressesResponse {
  readonly addresses: readonly DepositAddressView[];
}
