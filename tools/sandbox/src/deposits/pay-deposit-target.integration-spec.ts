import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Connection, PublicKey } from '@solana/web3.js';
import { AccountLayout, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Contract, JsonRpcProvider, parseUnits } from 'ethers';
import { sandboxTokenArtifact } from '../evm-chain/sandbox-token.artifact.js';
import {
  evmSandboxWallet,
  SANDBOX_STARTING_BALANCE,
  solanaSandboxKeypair,
  stellarSandboxKeypair,
} from '../sandbox-wallets.js';
import { startSandbox, type Sandbox } from '../start-sandbox.js';
import { payDepositTarget } from './pay-deposit-target.js';
import type { DepositTarget } from './sandbox-deposit.js';

// A sandbox with several customer wallets funds each of them on every chain, and a deposit is
// paid from the wallet it names.
describe('payDepositTarget from another customer wallet', () => {
  let sandbox: Sandbox;

  beforeAll(async () => {
    sandbox = await startSandbox({ customers: 3 });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  const target = (
    blockchain: DepositTarget['blockchain'],
    fields: Partial<DepositTarget>,
  ): DepositTarget => ({
    blockchain,
    cryptoCurrency: 'USDC',
    depositAddress: '',
    amount: 2.5,
    decimals: 6,
    memo: null,
    mintAddress: null,
    rpcUrl: null,
    ...fields,
  });

  it('pays on Stellar from customer-2', async () => {
    const issuer = stellarSandboxKeypair('issuer').publicKey();
    const balance = (role: 'customer' | 'customer-2') =>
      sandbox.horizon.ledger.account(stellarSandboxKeypair(role).publicKey())!.lines.get(`USDC:${issuer}`);
    const starting = parseUnits(SANDBOX_STARTING_BALANCE, 7);
    expect(balance('customer-2')).toBe(starting);

    const receipt = await payDepositTarget(
      target('STELLAR', {
        depositAddress: stellarSandboxKeypair('treasury').publicKey(),
        memo: 'bench',
        decimals: 7,
        rpcUrl: sandbox.horizon.url,
      }),
      { customer: 2 },
    );

    expect(receipt.blockchain).toBe('STELLAR');
    expect(balance('customer-2')).toBe(starting - 25_000_000n);
    expect(balance('customer')).toBe(starting);
  });

  it('pays on Solana from customer-1', async () => {
    const connection = new Connection(sandbox.solana.url, 'confirmed');
    const { mint, programId } = sandbox.solana.mints.USDC;
    const balance = async (role: 'customer' | 'customer-1') => {
      const account = getAssociatedTokenAddressSync(
        new PublicKey(mint),
        solanaSandboxKeypair(role).publicKey,
        false,
        new PublicKey(programId),
      );
      return AccountLayout.decode((await connection.getAccountInfo(account))!.data).amount;
    };

    const receipt = await payDepositTarget(
      target('SOLANA', {
        depositAddress: solanaSandboxKeypair('treasury').publicKey.toBase58(),
        mintAddress: mint,
        rpcUrl: sandbox.solana.url,
      }),
      { customer: 1 },
    );

    expect(receipt.blockchain).toBe('SOLANA');
    expect(await balance('customer-1')).toBe(parseUnits(SANDBOX_STARTING_BALANCE, 6) - 2_500_000n);
    expect(await balance('customer')).toBe(parseUnits(SANDBOX_STARTING_BALANCE, 6));
  });

  it('pays on Celo from customer-2', async () => {
    const provider = new JsonRpcProvider(sandbox.evm.url, 42220, { staticNetwork: true });
    try {
      const token = new Contract(sandbox.evm.tokens.USDC, sandboxTokenArtifact.abi as never, provider);
      const balance = (role: 'customer' | 'customer-2') =>
        token.getFunction('balanceOf')(evmSandboxWallet(role).address);

      const receipt = await payDepositTarget(
        target('CELO', {
          depositAddress: evmSandboxWallet('treasury').address,
          mintAddress: sandbox.evm.tokens.USDC,
          rpcUrl: sandbox.evm.url,
        }),
        { customer: 2 },
      );

      expect(receipt.blockchain).toBe('CELO');
      expect(await balance('customer-2')).toBe(parseUnits(SANDBOX_STARTING_BALANCE, 6) - 2_500_000n);
      expect(await balance('customer')).toBe(parseUnits(SANDBOX_STARTING_BALANCE, 6));
    } finally {
      provider.destroy();
    }
  });
});
