import { Interface, type TransactionRequest, type Wallet } from 'ethers';
import { CELO_CHAIN_ID, type CeloRpc } from './celo-rpc.js';

export const ERC20 = new Interface([
  'function transfer(address to, uint256 value) returns (bool)',
  'function balanceOf(address owner) view returns (uint256)',
]);

// A transaction the wallet may send now: its next nonce, the current EIP-1559 fees (the tip never
// above the cap) and a gas limit (the estimate plus `headroom` percent unless given).
export interface CeloSendable {
  readonly nonce: number;
  readonly gasLimit: bigint;
  readonly maxFeePerGas: bigint;
  readonly maxPriorityFeePerGas: bigint;
}

export async function sendable(
  rpc: CeloRpc,
  from: string,
  request: Pick<TransactionRequest, 'to' | 'data' | 'value'>,
  headroom = 0,
): Promise<CeloSendable> {
  const [nonce, estimate, fees] = await Promise.all([
    rpc.provider.getTransactionCount(from, 'latest'),
    rpc.provider.estimateGas({ ...request, from }),
    rpc.provider.getFeeData(),
  ]);
  const maxFeePerGas = fees.maxFeePerGas ?? fees.gasPrice!;
  const tip = fees.maxPriorityFeePerGas ?? 0n;
  return {
    nonce,
    gasLimit: (estimate * BigInt(100 + headroom)) / 100n,
    maxFeePerGas,
    maxPriorityFeePerGas: tip < maxFeePerGas ? tip : maxFeePerGas,
  };
}

export function signCelo(
  wallet: Wallet,
  request: Pick<TransactionRequest, 'to' | 'data' | 'value'>,
  sendable: CeloSendable,
): Promise<string> {
  return wallet.signTransaction({ ...request, ...sendable, chainId: CELO_CHAIN_ID, type: 2 });
}
