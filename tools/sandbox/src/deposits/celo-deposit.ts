import { Contract, JsonRpcProvider, parseUnits } from 'ethers';
import { sandboxTokenArtifact } from '../evm-chain/sandbox-token.artifact.js';
import { evmSandboxWallet } from '../sandbox-wallets.js';
import {
  depositAmount,
  type DepositOptions,
  type DepositReceipt,
  type DepositTarget,
} from './sandbox-deposit.js';

// An ERC-20 transfer of the token from the sandbox customer to the deposit address, mined.
export async function celoDeposit(target: DepositTarget, options: DepositOptions): Promise<DepositReceipt> {
  const provider = new JsonRpcProvider(target.rpcUrl!, 42220, { staticNetwork: true, pollingInterval: 50 });
  try {
    const customer = evmSandboxWallet('customer').connect(provider);
    const token = new Contract(target.mintAddress!, sandboxTokenArtifact.abi as never, customer);
    const amount = parseUnits(depositAmount(target, options), target.decimals!);
    const sent = await token.getFunction('transfer')(target.depositAddress, amount);
    const receipt = await sent.wait();
    if (receipt?.status !== 1) throw new Error(`transfer ${sent.hash} reverted`);
    return { blockchain: 'CELO', onChainTx: sent.hash };
  } finally {
    provider.destroy();
  }
}
