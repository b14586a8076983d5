import { Interface, JsonRpcProvider, parseUnits, toQuantity } from 'ethers';
import { sandboxTokenArtifact } from '../evm-chain/sandbox-token.artifact.js';
import { customerRole, evmSandboxWallet } from '../sandbox-wallets.js';
import {
  depositAmount,
  pollConfirmation,
  type DepositOptions,
  type DepositReceipt,
  type DepositTarget,
} from './sandbox-deposit.js';

const CELO_CHAIN_ID = 42220;
const token = new Interface(sandboxTokenArtifact.abi);
// An ERC-20 transfer uses about 52,000 gas; a reverted one shows in its receipt.
const TRANSFER_GAS_LIMIT = 100_000n;

// An ERC-20 transfer of the token from the sandbox customer to the deposit address, mined.
// Built and sent raw: a contract call through ethers would estimate gas and fees first and parse
// the sent transaction back (recovering its sender), several round-trips and curve operations
// per transfer on the machine a benchmark measures.
export async function celoDeposit(target: DepositTarget, options: DepositOptions): Promise<DepositReceipt> {
  const provider = new JsonRpcProvider(target.rpcUrl!, CELO_CHAIN_ID, { staticNetwork: true });
  try {
    const customer = evmSandboxWallet(customerRole(options.customer ?? 0));
    const [nonce, gasPrice] = await Promise.all([
      provider.getTransactionCount(customer.address, 'pending'),
      provider.send('eth_gasPrice', []) as Promise<string>,
    ]);
    const signed = await customer.signTransaction({
      type: 0,
      chainId: CELO_CHAIN_ID,
      nonce,
      gasPrice,
      gasLimit: TRANSFER_GAS_LIMIT,
      to: target.mintAddress!,
      data: token.encodeFunctionData('transfer', [
        target.depositAddress,
        parseUnits(depositAmount(target, options), target.decimals!),
      ]),
    });
    const hash = (await provider.send('eth_sendRawTransaction', [signed])) as string;
    // The receipt is asked for directly: the sandbox mines on submit, yet ethers' wait() took
    // about 4 s a transfer (its block polling), which capped a load generator's wallets.
    return await pollConfirmation(`transfer ${hash}`, async () => {
      const receipt = (await provider.send('eth_getTransactionReceipt', [hash])) as { status: string } | null;
      if (receipt && receipt.status !== toQuantity(1)) throw new Error(`transfer ${hash} reverted`);
      return receipt ? { blockchain: 'CELO' as const, onChainTx: hash } : null;
    });
  } finally {
    provider.destroy();
  }
}
