import { evmSandboxWallet, solanaSandboxKeypair, stellarSandboxKeypair } from './sandbox-wallets.js';
import type { Sandbox } from './start-sandbox.js';

// How a deployment (the standalone mode, `npm run sandbox` beside the distributed mode, the
// suites) points the apps at the sandbox chains: chain-watchers' endpoints, the
// clients' suggested RPC endpoints, and the sandbox treasury as every chain's deposit address.
export function sandboxEnv(sandbox: Sandbox, app: string): Record<string, string> {
  if (app === 'chain-watchers')
    return {
      STELLAR_HORIZON_URL: sandbox.horizon.url,
      STELLAR_NETWORK_PASSPHRASE: sandbox.horizon.networkPassphrase,
      SOLANA_RPC_URL: sandbox.solana.url,
      CELO_RPC_URL: sandbox.evm.url,
      // The sandbox chain mines a block per transaction and no other.
      CELO_CONFIRMATIONS: '1',
      // Refunds leave from the sandbox treasury (Stellar's deposit address), which is also where
      // the Solana and Celo transactions' own addresses are swept to, paying the sweeps' fees.
      STELLAR_REFUND_SECRET: stellarSandboxKeypair('treasury').secret(),
      SOLANA_REFUND_SECRET_KEY: JSON.stringify([...solanaSandboxKeypair('treasury').secretKey]),
      CELO_REFUND_PRIVATE_KEY: evmSandboxWallet('treasury').privateKey,
    };
  if (app !== 'transaction-service') return {};
  return {
    RPC_URL_STELLAR: sandbox.horizon.url,
    RPC_URL_SOLANA: sandbox.solana.url,
    RPC_URL_CELO: sandbox.evm.url,
    PIX_RAIL_URL: sandbox.pix.url,
    BREB_RAIL_URL: sandbox.breb.url,
    // Payouts are followed by polling (the rails are given no callback URL here).
    PAYOUT_RETRY_MS: '1000',
    ...treasuryAddresses(),
  };
}

// chat-api's push service pointed at the sandbox bouncer, which accepts any server credentials.
// Opt-in for the standalone mode, whose default is Zulip's: no push service.
export function sandboxPushEnv(sandbox: Sandbox): Record<string, string> {
  return {
    CHAT_PUSH_BOUNCER_URL: sandbox.pushBouncer.url,
    CHAT_PUSH_SERVER_UUID: '00000000-5a4d-4b0c-8e70-5a4db0c5e7a1',
    CHAT_PUSH_SERVER_KEY: 'sandbox-push-server-key',
  };
}

function treasuryAddresses() {
  return {
    DEPOSIT_ADDRESS_STELLAR: stellarSandboxKeypair('treasury').publicKey(),
    DEPOSIT_ADDRESS_SOLANA: solanaSandboxKeypair('treasury').publicKey.toBase58(),
    DEPOSIT_ADDRESS_CELO: evmSandboxWallet('treasury').address,
  };
}

// The gateway's answer to a pointing request that did not succeed.
export class GatewayRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

// The migration seeds mainnet mints; a sandbox chain has its own tokens. On every start (the
// simulators are fresh each time) the catalogue's mints and the deposit addresses are rotated to
// the sandbox's through the same ops routes an operator uses.
export async function pointAtSandbox(gatewayUrl: string, opsKey: string, sandbox: Sandbox): Promise<void> {
  const assets = [
    { cryptoCurrency: 'USDC', blockchain: 'STELLAR', mintAddress: sandbox.horizon.issuers.USDC, decimals: 7 },
    {
      cryptoCurrency: 'USDC',
      blockchain: 'SOLANA',
      mintAddress: sandbox.solana.mints.USDC.mint,
      decimals: 6,
    },
    {
      cryptoCurrency: 'USDT',
      blockchain: 'SOLANA',
      mintAddress: sandbox.solana.mints.USDT.mint,
      decimals: 6,
    },
    { cryptoCurrency: 'USDC', blockchain: 'CELO', mintAddress: sandbox.evm.tokens.USDC, decimals: 6 },
    { cryptoCurrency: 'USDT', blockchain: 'CELO', mintAddress: sandbox.evm.tokens.USDT, decimals: 6 },
  ];
  const put = async (path: string, body: object) => {
    const response = await fetch(new URL(path, gatewayUrl), {
      method: 'PUT',
      headers: { 'x-ops-api-key': opsKey, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok)
      throw new GatewayRefusal(
        response.status,
        `PUT ${path} answered ${response.status}: ${await response.text()}`,
      );
  };
  for (const asset of assets) await put('/ops/corridors/assets', asset);
  const addresses = treasuryAddresses();
  await put('/ops/deposit-addresses', { blockchain: 'STELLAR', address: addresses.DEPOSIT_ADDRESS_STELLAR });
  await put('/ops/deposit-addresses', { blockchain: 'SOLANA', address: addresses.DEPOSIT_ADDRESS_SOLANA });
  await put('/ops/deposit-addresses', { blockchain: 'CELO', address: addresses.DEPOSIT_ADDRESS_CELO });
}

// Everything a deployment run beside `npm run sandbox` needs to reach it, for every app at once
// (each app reads only its own variables).
export function deploymentEnv(sandbox: Sandbox): Record<string, string> {
  return {
    ...sandboxEnv(sandbox, 'chain-watchers'),
    ...sandboxEnv(sandbox, 'transaction-service'),
    ...sandboxPushEnv(sandbox),
    // The sandbox's webhook receiver listens on loopback, which partner webhooks refuse otherwise.
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1,localhost,::1',
    // The gateway's sandbox deposit route (the console's "Pay this transaction"); never set in k8s.
    SANDBOX_CONTROL_URL: sandbox.control.url,
  };
}
