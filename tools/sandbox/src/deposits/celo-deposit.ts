import { Contract, JsonRpcProvider, parseUnits } from 'ethers';
import { sandboxTokenArtifact } from '../evm-chain/sandbox-token.artifact.js';
import { customerRole, evmSandboxWallet } from '../sandbox-wallets.js';
import {
  depositAmount,
  pollConfirmation,
  type DepositOptions,
  type DepositReceipt,
  type DepositTarget,
} from './sandbox-deposit.js';

// An ERC-20 transfer of the token from the sandbox customer to the deposit address, mined.
export async function celoDeposit(target: DepositTarget, options: DepositOptions): Promise<DepositReceipt> {
  const provider = new JsonRpcProvider(target.rpcUrl!, 42220, { staticNetwork: true, pollingInterval: 50 });
  try {
    const customer = evmSandboxWallet(customerRole(options.customer ?? 0)).connect(provider);
    const token = new Contract(target.mintAddress!, sandboxTokenArtifact.abi as never, customer);
    const amount = parseUnits(depositAmount(target, options), target.decimals!);
    const sent = await token.getFunction('transfer')(target.depositAddress, amount);
    // The receipt is asked for directly: the sandbox mines on submit, yet ethers' wait() took
    // about 4 s a transfer (its block polling), which capped a load generator's wallets.
    return await pollConfirmation(`transfer ${sent.hash}`, async () => {
      const receipt = await provider.getTransactionReceipt(sent.hash);
      if (receipt && receipt.status !== 1) throw new Error(`transfer ${sent.hash} reverted`);
      return receipt ? { blockchain: 'CELO' as const, onChainTx: sent.hash } : null;
    });
  } finally {
    provider.destroy();
  }
}
