import { Injectable } from '@nestjs/common';
import type { Blockchain } from '@shared/contracts';
import { GatewayConfig } from '../core/api-gateway.config.js';
import { SandboxPaymentsConfig } from './sandbox-payments.config.js';

export interface SandboxDepositReceipt {
  readonly blockchain: Blockchain;
  readonly onChainTx: string;
}

// The sandbox's control endpoint (tools/sandbox/src/control): the gateway knows only its URL,
// never the simulators, so no product code depends on the sandbox's.
@Injectable()
export class SandboxControlClient {
  constructor(
    private readonly config: SandboxPaymentsConfig,
    private readonly gateway: GatewayConfig,
  ) {}

  get available(): boolean {
    return this.config.SANDBOX_CONTROL_URL !== undefined && this.config.SANDBOX_CONTROL_URL !== '';
  }

  // Null when the sandbox already paid this target (its deposit not yet seen by the watchers).
  async payDeposit(paymentContext: Readonly<Record<string, unknown>>): Promise<SandboxDepositReceipt | null> {
    const response = await fetch(`${this.config.SANDBOX_CONTROL_URL}/deposits`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(paymentContext),
      signal: AbortSignal.timeout(this.gateway.PROXY_TIMEOUT_MS),
    });
    if (response.status === 409) return null;
    // The sandbox's own failure is the gateway's (500 with an error id): the request was fine.
    if (!response.ok) throw new Error(`sandbox control answered ${response.status}`);
    return (await response.json()) as SandboxDepositReceipt;
  }
}
