import { describe, expect, it } from '@jest/globals';
import { CliError, GatewayClient } from './gateway-client.js';
import { runSandboxCommand } from './sandbox-commands.js';

const ID = '00000000-0000-4000-8000-000000000001';
const EXPIRED = '2026-01-01T00:00:00.000Z';

// Answers the ops view of a transaction whose target names no RPC endpoint: a command that gets
// past the quote's check stops there, before paying anything.
class OpsViewGateway extends GatewayClient {
  constructor(private readonly quoteExpiresAt: string) {
    super('http://gateway.invalid', 'ops-key');
  }

  override async request<T>() {
    return {
      quoteExpiresAt: this.quoteExpiresAt,
      payment_context: { blockchain: 'SOLANA', rpcUrl: null },
    } as T;
  }
}

const deposit = (quoteExpiresAt: string, late: boolean) =>
  runSandboxCommand(
    ['deposit'],
    { transactionId: ID, withoutMemo: false, late },
    new OpsViewGateway(quoteExpiresAt),
  );

describe('sandbox deposit', () => {
  it('refuses a transaction whose quote expired, naming when and how to pay late', async () => {
    await expect(deposit(EXPIRED, false)).rejects.toEqual(
      new CliError(
        `The quote of transaction ${ID} expired at ${EXPIRED}: a deposit now would be refunded as ` +
          'expired. To pay it late anyway (to test that refund), pass --late',
      ),
    );
  });

  it('goes on to pay it with --late, and a quote still valid without', async () => {
    const noEndpoint = new CliError(`Transaction ${ID} names no RPC endpoint for SOLANA`);
    await expect(deposit(EXPIRED, true)).rejects.toEqual(noEndpoint);
    await expect(deposit('2999-01-01T00:00:00.000Z', false)).rejects.toEqual(noEndpoint);
  });
});
