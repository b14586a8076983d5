import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { stellarSandboxKeypair } from '../sandbox-wallets.js';
import { startSandbox, type Sandbox } from '../start-sandbox.js';

// The control endpoint the gateway's sandbox deposit route calls, on a running sandbox.
describe('sandbox control POST /deposits', () => {
  let sandbox: Sandbox;

  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(async () => {
    await sandbox.close();
  });

  const post = (body: string) =>
    fetch(`${sandbox.control.url}/deposits`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });

  it('pays a Stellar target with its memo once, and refuses to pay it again', async () => {
    const target = {
      blockchain: 'STELLAR',
      cryptoCurrency: 'USDC',
      depositAddress: stellarSandboxKeypair('treasury').publicKey(),
      amount: 1.25,
      decimals: 7,
      memo: 'control-test',
      mintAddress: null,
      rpcUrl: sandbox.horizon.url,
    };

    const paid = await post(JSON.stringify(target));
    expect(paid.status).toBe(201);
    const receipt = (await paid.json()) as { blockchain: string; onChainTx: string };
    expect(receipt).toEqual({ blockchain: 'STELLAR', onChainTx: expect.stringMatching(/^[0-9a-f]{64}$/) });

    const again = await post(JSON.stringify(target));
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ reason: 'This deposit target was already paid' });
  });

  it.each([
    ['not JSON', '{'],
    ['no target', 'null'],
    ['an unknown chain', JSON.stringify({ blockchain: 'BITCOIN', depositAddress: 'a', rpcUrl: 'http://x' })],
    ['no RPC endpoint', JSON.stringify({ blockchain: 'SOLANA', depositAddress: 'a', rpcUrl: null })],
  ])('refuses %s with 400', async (_case, body) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      reason: 'A payment_context with blockchain, depositAddress and rpcUrl',
    });
  });
});
