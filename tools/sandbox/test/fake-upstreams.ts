import type { ActiveAssetView, DepositAddressView } from '@shared/contracts';
import { reply, startSandboxServer, type RunningSandboxServer } from '../src/http/sandbox-http-server.js';
import type { Sandbox } from '../src/start-sandbox.js';
import { evmSandboxWallet, solanaSandboxKeypair, stellarSandboxKeypair } from '../src/sandbox-wallets.js';

// transaction-service's deposit addresses and quote-service's active assets as chain-watchers
// reads them, answered by a stand-in so chain-watchers can be tested on its own. Tests edit the
// lists to rotate an address or an asset.
export interface FakeUpstreams extends RunningSandboxServer {
  readonly addresses: DepositAddressView[];
  readonly assets: ActiveAssetView[];
}

export async function startFakeUpstreams(sandbox: Sandbox): Promise<FakeUpstreams> {
  const activatedAt = new Date().toISOString();
  const address = (blockchain: DepositAddressView['blockchain'], value: string): DepositAddressView => ({
    blockchain,
    address: value,
    active: true,
    activatedAt,
    retiredAt: null,
  });
  const addresses = [
    address('STELLAR' as never, stellarSandboxKeypair('treasury').publicKey()),
    address('SOLANA' as never, solanaSandboxKeypair('treasury').publicKey.toBase58()),
    address('CELO' as never, evmSandboxWallet('treasury').address),
  ];
  const asset = (cryptoCurrency: string, blockchain: string, mintAddress: string, decimals: number) =>
    ({ cryptoCurrency, blockchain, mintAddress, decimals }) as ActiveAssetView;
  const assets = [
    asset('USDC', 'STELLAR', sandbox.horizon.issuers.USDC, 7),
    asset('USDC', 'SOLANA', sandbox.solana.mints.USDC.mint, 6),
    asset('USDT', 'SOLANA', sandbox.solana.mints.USDT.mint, 6),
    asset('USDC', 'CELO', sandbox.evm.tokens.USDC, 6),
    asset('USDT', 'CELO', sandbox.evm.tokens.USDT, 6),
  ];
  const server = await startSandboxServer([
    { method: 'GET', path: '/internal/deposit-addresses', handler: () => reply(200, { addresses }) },
    { method: 'GET', path: '/internal/assets', handler: () => reply(200, { assets }) },
  ]);
  return { ...server, addresses, assets };
}

// The environment that points chain-watchers at the sandbox and at the fake upstreams.
export function chainWatchersEnv(sandbox: Sandbox, upstreams: FakeUpstreams): Record<string, string> {
  return {
    TRANSACTION_SERVICE_URL: upstreams.url,
    QUOTE_SERVICE_URL: upstreams.url,
    UPSTREAM_CACHE_MS: '100',
    STELLAR_HORIZON_URL: sandbox.horizon.url,
    STELLAR_NETWORK_PASSPHRASE: sandbox.horizon.networkPassphrase,
    SOLANA_RPC_URL: sandbox.solana.url,
    CELO_RPC_URL: sandbox.evm.url,
  };
}
