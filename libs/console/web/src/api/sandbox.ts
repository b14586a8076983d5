import type { Blockchain } from '@shared/contracts';

// GET /sandbox (api-gateway): whether the chains are simulated, so that deposits can be paid
// from the console and hashes have no public explorer.
export interface SandboxCapabilities {
  readonly simulatedChains: boolean;
}

// POST /sandbox/transactions/{id}/deposit.
export interface SandboxDepositReceipt {
  readonly blockchain: Blockchain;
  readonly onChainTx: string;
}
