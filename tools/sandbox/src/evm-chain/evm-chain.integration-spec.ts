import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Contract, JsonRpcProvider, parseUnits } from 'ethers';
import { evmSandboxWallet } from '../sandbox-wallets.js';
import { sandboxTokenArtifact } from './sandbox-token.artifact.js';
import { startEvmChain, type EvmChainSimulator } from './evm-chain.simulator.js';

// ethers against the simulated Celo chain.
describe('EVM chain simulator', () => {
  let sim: EvmChainSimulator;
  let provider: JsonRpcProvider;

  beforeAll(async () => {
    sim = await startEvmChain();
    provider = new JsonRpcProvider(sim.url, 42220, { staticNetwork: true, pollingInterval: 50 });
  });
  afterAll(async () => {
    provider.destroy();
    await sim.close();
  });

  it("has Celo's chain id and a funded 6-decimals ERC-20 per asset", async () => {
    expect((await provider.getNetwork()).chainId).toBe(42220n);
    for (const address of Object.values(sim.tokens)) {
      const token = new Contract(address, sandboxTokenArtifact.abi as never, provider);
      expect(await token.getFunction('decimals')()).toBe(6n);
      expect(await token.getFunction('balanceOf')(evmSandboxWallet('customer').address)).toBe(
        parseUnits('1000000', 6),
      );
    }
  });

  it('mines a signed transfer at once and logs Transfer', async () => {
    const customer = evmSandboxWallet('customer').connect(provider);
    const treasury = evmSandboxWallet('treasury');
    const token = new Contract(sim.tokens.USDC, sandboxTokenArtifact.abi as never, customer);
    const response = await token.getFunction('transfer')(treasury.address, 2_500_000n);
    const receipt = await provider.getTransactionReceipt(response.hash);
    expect(receipt?.status).toBe(1);
    const [log] = receipt!.logs;
    expect(token.interface.parseLog({ topics: [...log!.topics], data: log!.data })?.args.toArray()).toEqual([
      customer.address,
      treasury.address,
      2_500_000n,
    ]);
  });
});
