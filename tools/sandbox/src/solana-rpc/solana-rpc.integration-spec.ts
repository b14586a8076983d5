import { expectEventually } from '@platform/test-support';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Connection, Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import {
  ACCOUNT_SIZE,
  createAssociatedTokenAccountInstruction,
  createInitializeAccount3Instruction,
  createTransferCheckedInstruction,
  createTransferInstruction,
  getAccount,
  getAssociatedTokenAddressSync,
  getMint,
} from '@solana/spl-token';
import { solanaSandboxKeypair } from '../sandbox-wallets.js';
import { startSolanaRpc, type SolanaRpcSimulator } from './solana-rpc.simulator.js';

// The real web3.js and spl-token clients against the simulator's JSON-RPC.
describe('Solana RPC simulator', () => {
  let sim: SolanaRpcSimulator;
  let connection: Connection;
  const customer = solanaSandboxKeypair('customer');
  const treasury = solanaSandboxKeypair('treasury');

  beforeAll(async () => {
    // Long enough that the checks made before it passes fit in it on a busy machine.
    sim = await startSolanaRpc({ finalizeDelayMs: 2_000 });
    connection = new Connection(sim.url, 'confirmed');
  });
  afterAll(() => sim.close());

  const send = async (transaction: Transaction, ...signers: Keypair[]) => {
    const { blockhash } = await connection.getLatestBlockhash();
    transaction.recentBlockhash = blockhash;
    transaction.feePayer = signers[0]!.publicKey;
    transaction.sign(...signers);
    return connection.sendRawTransaction(transaction.serialize());
  };

  it('has a 6-decimals mint per asset, USDC on SPL Token and USDT on Token-2022', async () => {
    for (const asset of ['USDC', 'USDT'] as const) {
      const { mint, programId } = sim.mints[asset];
      const info = await getMint(connection, new PublicKey(mint), 'confirmed', new PublicKey(programId));
      expect(info.decimals).toBe(6);
    }
  });

  it.each(['USDC', 'USDT'] as const)(
    'runs %s transfers in the SVM; finalized only after the delay',
    async (asset) => {
      const mint = new PublicKey(sim.mints[asset].mint);
      const programId = new PublicKey(sim.mints[asset].programId);
      const from = getAssociatedTokenAddressSync(mint, customer.publicKey, false, programId);
      const to = getAssociatedTokenAddressSync(mint, treasury.publicKey, false, programId);
      const before = (await getAccount(connection, to, 'confirmed', programId)).amount;
      const signature = await send(
        new Transaction().add(
          createTransferCheckedInstruction(from, mint, to, customer.publicKey, 1_500_000n, 6, [], programId),
          createTransferInstruction(from, to, customer.publicKey, 250_000n, [], programId),
        ),
        customer,
      );
      expect((await getAccount(connection, to, 'confirmed', programId)).amount - before).toBe(1_750_000n);
      const options = { maxSupportedTransactionVersion: 0 } as const;
      expect(await connection.getTransaction(signature, { ...options, commitment: 'finalized' })).toBeNull();
      const confirmed = await connection.getTransaction(signature, { ...options, commitment: 'confirmed' });
      expect(confirmed?.meta?.err).toBeNull();
      expect(confirmed?.meta?.postTokenBalances).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ mint: mint.toBase58(), owner: treasury.publicKey.toBase58() }),
        ]),
      );
      await expectEventually(
        async () =>
          expect((await connection.getSignatureStatuses([signature])).value[0]?.confirmationStatus).toBe(
            'finalized',
          ),
        { timeoutMs: 10_000, intervalMs: 100 },
      );
      expect(
        await connection.getTransaction(signature, { ...options, commitment: 'finalized' }),
      ).not.toBeNull();
    },
  );

  it('creates token accounts with InitializeAccount3 and refuses the associated-token program', async () => {
    const mint = new PublicKey(sim.mints.USDC.mint);
    const programId = new PublicKey(sim.mints.USDC.programId);
    const owner = Keypair.generate();
    const account = Keypair.generate();
    const lamports = await connection.getMinimumBalanceForRentExemption(ACCOUNT_SIZE);
    await send(
      new Transaction().add(
        SystemProgram.createAccount({
          fromPubkey: customer.publicKey,
          newAccountPubkey: account.publicKey,
          lamports,
          space: ACCOUNT_SIZE,
          programId,
        }),
        createInitializeAccount3Instruction(account.publicKey, mint, owner.publicKey, programId),
      ),
      customer,
      account,
    );
    expect((await getAccount(connection, account.publicKey, 'confirmed', programId)).owner).toEqual(
      owner.publicKey,
    );
    const ata = getAssociatedTokenAddressSync(mint, owner.publicKey, false, programId);
    await expect(
      send(
        new Transaction().add(
          createAssociatedTokenAccountInstruction(customer.publicKey, ata, owner.publicKey, mint, programId),
        ),
        customer,
      ),
    ).rejects.toThrow(/associated-token program/);
  });

  it("lists an owner's token accounts and an account's signatures, newest first, finalized after the delay", async () => {
    const mint = new PublicKey(sim.mints.USDT.mint);
    const programId = new PublicKey(sim.mints.USDT.programId);
    const owner = Keypair.generate();
    const account = Keypair.generate();
    const created = await send(
      new Transaction().add(
        SystemProgram.createAccount({
          fromPubkey: customer.publicKey,
          newAccountPubkey: account.publicKey,
          lamports: await connection.getMinimumBalanceForRentExemption(ACCOUNT_SIZE),
          space: ACCOUNT_SIZE,
          programId,
        }),
        createInitializeAccount3Instruction(account.publicKey, mint, owner.publicKey, programId),
      ),
      customer,
      account,
    );
    const from = getAssociatedTokenAddressSync(mint, customer.publicKey, false, programId);
    const paid = await send(
      new Transaction().add(
        createTransferCheckedInstruction(
          from,
          mint,
          account.publicKey,
          customer.publicKey,
          2_000_000n,
          6,
          [],
          programId,
        ),
      ),
      customer,
    );
    const owned = await connection.getTokenAccountsByOwner(owner.publicKey, { mint });
    expect(owned.value.map(({ pubkey }) => pubkey.toBase58())).toEqual([account.publicKey.toBase58()]);
    expect(
      (
        await connection.getTokenAccountsByOwner(owner.publicKey, {
          mint: new PublicKey(sim.mints.USDC.mint),
        })
      ).value,
    ).toEqual([]);
    const signatures = async (commitment: 'confirmed' | 'finalized', options = {}) =>
      (await connection.getSignaturesForAddress(account.publicKey, options, commitment)).map(
        ({ signature }) => signature,
      );
    expect(await signatures('finalized')).toEqual([]);
    expect(await signatures('confirmed')).toEqual([paid, created]);
    expect(await signatures('confirmed', { limit: 1 })).toEqual([paid]);
    expect(await signatures('confirmed', { before: paid })).toEqual([created]);
    expect(await signatures('confirmed', { until: created })).toEqual([paid]);
    await expectEventually(async () => expect(await signatures('finalized')).toEqual([paid, created]), {
      timeoutMs: 10_000,
      intervalMs: 100,
    });
  });

  it('rejects an underfunded transfer at preflight and lands nothing', async () => {
    const mint = new PublicKey(sim.mints.USDC.mint);
    const programId = new PublicKey(sim.mints.USDC.programId);
    const from = getAssociatedTokenAddressSync(mint, customer.publicKey, false, programId);
    const to = getAssociatedTokenAddressSync(mint, treasury.publicKey, false, programId);
    await expect(
      send(
        new Transaction().add(
          createTransferCheckedInstruction(from, mint, to, customer.publicKey, 10n ** 15n, 6, [], programId),
        ),
        customer,
      ),
    ).rejects.toThrow(/simulation failed/i);
  });
});
