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
    // No cache: ethers answers the same call from the last 250 ms again, and blocks come faster.
    provider = new JsonRpcProvider(sim.url, 42220, {
      staticNetwork: true,
      pollingInterval: 50,
      cacheTimeout: -1,
    });
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

  // chain-watchers dates a Celo deposit by its block: a clock running ahead would make a deposit
  // paid in time look late. Hundreds of blocks within a second or so: most share their second.
  it('stamps each block with the wall-clock second it was mined in, however many share it', async () => {
    const first = await provider.getBlockNumber();
    for (let mined = 0; mined < 300; mined += 1) await sim.request('evm_mine');
    const latest = (await provider.getBlock('latest'))!;
    expect(Math.abs(latest.timestamp - Date.now() / 1000)).toBeLessThanOrEqual(2);
    // Asked together, so that ethers sends them in a few batches.
    const blocks = await Promise.all(
      Array.from({ length: latest.number - first + 1 }, (_, index) => provider.getBlock(first + index)),
    );
    const timestamps = blocks.map((block) => block!.timestamp);
    expect(timestamps).toHaveLength(301);
    expect(timestamps).toEqual([...timestamps].sort((a, b) => a - b));
  });
});
