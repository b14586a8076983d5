import { createHardhatNetworkProvider } from 'hardhat/internal/hardhat-network/provider/provider.js';
import { JsonRpcServer } from 'hardhat/internal/hardhat-network/jsonrpc/server.js';
import { ContractFactory, getAddress, Interface, parseUnits } from 'ethers';
import {
  evmSandboxWallet,
  SANDBOX_ASSETS,
  SANDBOX_STARTING_BALANCE,
  SANDBOX_TOKEN_DECIMALS,
  type SandboxAsset,
} from '../sandbox-wallets.js';
import { sandboxTokenArtifact } from './sandbox-token.artifact.js';

export const CELO_CHAIN_ID = 42220;

export interface EvmChainSimulator {
  readonly url: string;
  readonly chainId: number;
  // Token contract address per asset.
  readonly tokens: Readonly<Record<SandboxAsset, string>>;
  // Raw EIP-1193 access for tests (mine blocks, inspect state).
  request(method: string, params?: unknown[]): Promise<unknown>;
  close(): Promise<void>;
}

const ONE_THOUSAND_CELO = `0x${(10n ** 21n).toString(16)}`;
const token = new Interface(sandboxTokenArtifact.abi as never);

// Hardhat's in-process EVM (EDR) served over HTTP JSON-RPC with Celo's chain id. Every block is
// mined on submit. The issuer deploys one 6-decimals ERC-20 per asset and funds the treasury
// and the customer with gas and tokens, so the state is identical on every start.
export async function startEvmChain(port = 0): Promise<EvmChainSimulator> {
  const issuer = evmSandboxWallet('issuer');
  const funded = [issuer, evmSandboxWallet('treasury'), evmSandboxWallet('customer')];
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
      allowBlocksWithSameTimestamp: false,
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
  const server = new JsonRpcServer({ hostname: '127.0.0.1', port, provider });
  const { address, port: bound } = await server.listen();
  return {
    url: `http://${address}:${bound}`,
    chainId: CELO_CHAIN_ID,
    tokens,
    request,
    close: () => server.close(),
  };
}
