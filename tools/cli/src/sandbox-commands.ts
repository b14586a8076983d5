import { payDepositTarget } from '../../sandbox/src/deposits/pay-deposit-target.js';
import type { DepositReceipt, DepositTarget } from '../../sandbox/src/deposits/sandbox-deposit.js';
import { CliError, required, type GatewayClient } from './gateway-client.js';

export interface SandboxOptions {
  readonly transactionId?: string | undefined;
  readonly amount?: string | undefined;
  readonly withoutMemo: boolean;
  // Pay even though the quote expired, to test the refund of a late deposit.
  readonly late: boolean;
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
  const { payment_context: target, quoteExpiresAt } = await gateway.request<{
    payment_context: DepositTarget | null;
    quoteExpiresAt: string;
  }>('GET', `/ops/transactions/${encodeURIComponent(id)}`);
  if (!target) throw new CliError(`Transaction ${id} has no deposit target`);
  // As the gateway's sandbox route refuses it: the transaction may still await its deposit (the
  // expiry sweep's grace), but a transfer made now is refunded as expired.
  if (!options.late && Date.parse(quoteExpiresAt) <= Date.now()) {
    throw new CliError(
      `The quote of transaction ${id} expired at ${quoteExpiresAt}: a deposit now would be refunded ` +
        'as expired. To pay it late anyway (to test that refund), pass --late',
    );
  }
  if (!target.rpcUrl) throw new CliError(`Transaction ${id} names no RPC endpoint for ${target.blockchain}`);
  try {
    return await payDepositTarget(target, { amount: options.amount, withoutMemo: options.withoutMemo });
  } catch (error) {
    throw new CliError(`Sandbox deposit failed: ${(error as Error).message}`);
  }
}
