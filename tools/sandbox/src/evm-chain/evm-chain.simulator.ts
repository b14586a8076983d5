import { createHardhatNetworkProvider } from 'hardhat/internal/hardhat-network/provider/provider.js';
import { ContractFactory, getAddress, Interface, parseUnits } from 'ethers';
import {
  customerRoles,
  evmSandboxWallet,
  SANDBOX_ASSETS,
  SANDBOX_STARTING_BALANCE,
  SANDBOX_TOKEN_DECIMALS,
  type SandboxAsset,
} from '../sandbox-wallets.js';
import { SandboxFaults } from '../http/sandbox-faults.js';
import { reply, startSandboxServer } from '../http/sandbox-http-server.js';
import { sandboxTokenArtifact } from './sandbox-token.artifact.js';

export const CELO_CHAIN_ID = 42220;

export interface EvmChainSimulator {
  readonly url: string;
  readonly chainId: number;
  // Token contract address per asset.
  readonly tokens: Readonly<Record<SandboxAsset, string>>;
  // Raw EIP-1193 access for tests (mine blocks, inspect state).
  request(method: string, params?: unknown[]): Promise<unknown>;
  readonly faults: SandboxFaults;
  close(): Promise<void>;
}

const ONE_THOUSAND_CELO = `0x${(10n ** 21n).toString(16)}`;
const token = new Interface(sandboxTokenArtifact.abi as never);

// Hardhat's in-process EVM (EDR) served over HTTP JSON-RPC with Celo's chain id. Every block is
// mined on submit, at the wall clock's time. The issuer deploys one 6-decimals ERC-20 per asset and funds the treasury
// and the customers with gas and tokens, so the state is identical on every start.
export async function startEvmChain(port = 0, customers = 1): Promise<EvmChainSimulator> {
  const issuer = evmSandboxWallet('issuer');
  const funded = [issuer, evmSandboxWallet('treasury'), ...customerRoles(customers).map(evmSandboxWallet)];
  const provider = await createHardhatNetworkProvider(
    {
      hardfork: 'cancun',
      chainId: CELO_CHAIN_ID,
      networkId: CELO_CHAIN_ID,
      blockGasLimit: 30_000_000,
      minGasPrice: 0n,
      automine: true,
      intervalMining: 0,
      mempoolOrder: 'priority',
      chains: new Map(),
      genesisAccounts: funded.map((wallet) => ({
        privateKey: wallet.privateKey,
        balance: ONE_THOUSAND_CELO,
      })),
      allowUnlimitedContractSize: false,
      throwOnTransactionFailures: false,
      throwOnCallFailures: false,
      // Each block is stamped with the wall-clock second it is mined in, shared by as many blocks
      // as that second holds. Without this, a block in the same second as the one before is moved
      // a second ahead and the chain's clock keeps the lead: it ran minutes ahead in a soak, and
      // chain-watchers, which dates a deposit by its block, would see deposits made in time as late.
      allowBlocksWithSameTimestamp: true,
      enableTransientStorage: false,
      enableRip7212: false,
    },
    { enabled: false },
  );
  const request = (method: string, params: unknown[] = []) => provider.request({ method, params });
  const send = async (data: string, to?: string) => {
    const hash = (await request('eth_sendTransaction', [{ from: issuer.address, to, data }])) as string;
    return (await request('eth_getTransactionReceipt', [hash])) as { contractAddress: string | null };
  };
  const tokens = {} as Record<SandboxAsset, string>;
  for (const asset of SANDBOX_ASSETS) {
    const factory = new ContractFactory(sandboxTokenArtifact.abi as never, sandboxTokenArtifact.bytecode);
    const deploy = await factory.getDeployTransaction(`Sandbox ${asset}`, asset);
    const { contractAddress } = await send(deploy.data);
    if (!contractAddress) throw new Error(`sandbox ${asset} deployment failed`);
    tokens[asset] = getAddress(contractAddress);
    for (const wallet of funded.slice(1)) {
      const amount = parseUnits(SANDBOX_STARTING_BALANCE, SANDBOX_TOKEN_DECIMALS);
      await send(token.encodeFunctionData('mint', [wallet.address, amount]), contractAddress);
    }
  }
  const faults = new SandboxFaults();
  const server = await startSandboxServer(
    [
      {
        method: 'POST',
        path: '/',
        handler: async (incoming) => {
          const result = reply(200, await answer(request, incoming.rawBody));
          if (!/"eth_sendRawTransaction"/.test(incoming.rawBody) || !faults.takeDropSubmitAnswer())
            return result;
          incoming.raw.socket.destroy();
          return null;
        },
      },
    ],
    port,
  );
  return { url: server.url, chainId: CELO_CHAIN_ID, tokens, request, faults, close: server.close };
}

// JSON-RPC over HTTP (single calls and batches, as ethers sends them) onto the EIP-1193 provider.
async function answer(request: (method: string, params?: unknown[]) => Promise<unknown>, raw: string) {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } };
  }
  const one = async (call: unknown) => {
    const {
      id = null,
      method = '',
      params = [],
    } = (call ?? {}) as { id?: unknown; method?: string; params?: unknown[] };
    try {
      return { jsonrpc: '2.0', id, result: (await request(method, params)) ?? null };
    } catch (error) {
      const {
        code = -32603,
        message = String(error),
        data,
      } = error as { code?: number; message?: string; data?: unknown };
      return { jsonrpc: '2.0', id, error: { code, message, data } };
    }
  };
  return Array.isArray(body) ? Promise.all(body.map(one)) : one(body);
}
