import { payDepositTarget } from '../../sandbox/src/deposits/pay-deposit-target.js';
import type { DepositReceipt, DepositTarget } from '../../sandbox/src/deposits/sandbox-deposit.js';
import { CliError, required, type GatewayClient } from './gateway-client.js';

export interface SandboxOptions {
  readonly transactionId?: string | undefined;
  readonly amount?: string | undefined;
  readonly withoutMemo: boolean;
}

// Sandbox only: pays a transaction's deposit target from the sandbox customer wallet on the
// simulated chain its payment_context names, and prints { blockchain, onChainTx }.
export async function runSandboxCommand(
  args: readonly string[],
  options: SandboxOptions,
  gateway: GatewayClient,
): Promise<DepositReceipt> {
  if (args.join(' ') !== 'deposit') throw new CliError(`Unknown sandbox command: ${args.join(' ')}`);
  const id = required(options.transactionId, '--transaction-id');
  const { payment_context: target } = await gateway.request<{ payment_context: DepositTarget | null }>(
    'GET',
    `/ops/transactions/${encodeURIComponent(id)}`,
  );
  if (!target) throw new CliError(`Transaction ${id} has no deposit target`);
  if (!target.rpcUrl) throw new CliError(`Transaction ${id} names no RPC endpoint for ${target.blockchain}`);
  try {
    return await payDepositTarget(target, { amount: options.amount, withoutMemo: options.withoutMemo });
  } catch (error) {
    throw new CliError(`Sandbox deposit failed: ${(error as Error).message}`);
  }
}
