import { describe, expect, it } from '@jest/globals';
import { Blockchain } from '@shared/contracts';
import { FixedClock } from '@shared/util';
import { CeloAdapter } from '../celo/celo.adapter.js';
import { celoDepositWallet, CeloDepositKeys } from '../celo/celo-deposit-keys.js';
import type { ChainWatchersConfig } from '../core/chain-watchers.config.js';
import { ChainAdapters } from '../core/chains/chain-adapters.js';
import { DepositKeys } from '../core/chains/deposit-keys.js';
import { SolanaAdapter } from '../solana/solana.adapter.js';
import { solanaDepositKeypair, SolanaDepositKeys } from '../solana/solana-deposit-keys.js';
import { StellarAdapter } from '../stellar/stellar.adapter.js';
import type { DepositAccountEntity } from './deposit-account.entity.js';
import type { DepositAccountsRepository } from './deposit-accounts.repository.js';
import { OpenDepositAccountUseCase } from './open-deposit-account.use-case.js';

const SECRET = 'test-master-secret-of-at-least-32-characters';
const ID = '3f1c0b9e-8a5d-4c1e-9b7a-2d4e6f8a0c1b';
const OTHER_ID = '9d2a7c41-0b6e-4f3a-8c5d-1e2f3a4b5c6d';

// The chain adapters with only their deposit keys wired (the parts these tests reach).
function adaptersWith(keys: DepositKeys): ChainAdapters {
  const adapters = new ChainAdapters();
  adapters.register(new StellarAdapter(null!, null!, null!));
  adapters.register(new SolanaAdapter(null!, null!, null!, new SolanaDepositKeys(keys), null!, null!));
  adapters.register(new CeloAdapter(null!, null!, null!, new CeloDepositKeys(keys), null!, null!));
  return adapters;
}

// A master secret's keys as the app hands them out: the address of a transaction on a chain
// (its adapter's), and the keys that sign for it (Solana owner, Celo wallet).
function depositKeysOf(config: Partial<ChainWatchersConfig>) {
  const keys = new DepositKeys(config as ChainWatchersConfig);
  const adapters = adaptersWith(keys);
  return {
    configured: keys.configured,
    address: (blockchain: Blockchain, transactionId: string) =>
      adapters.depositAccountsOf(blockchain).address(transactionId),
    solana: (transactionId: string) => new SolanaDepositKeys(keys).keypair(transactionId),
    celo: (transactionId: string) => new CeloDepositKeys(keys).wallet(transactionId),
  };
}

describe(DepositKeys.name, () => {
  it('derives the same keys from the same secret and transaction, pinned: a change would strand funds', () => {
    // Computed once; every address handed out depends on them never changing.
    expect(solanaDepositKeypair(SECRET, ID).publicKey.toBase58()).toBe(
      'GXuTXMrwGk3DizL2kHsQ82KZQfm9oinTdwu68XoKHaZJ',
    );
    expect(celoDepositWallet(SECRET, ID).address).toBe('0x8f31ba66002651699E20A492A4D4341D16cB691e');
    expect(solanaDepositKeypair(SECRET, ID.toUpperCase()).publicKey.toBase58()).toBe(
      'GXuTXMrwGk3DizL2kHsQ82KZQfm9oinTdwu68XoKHaZJ',
    );
  });

  it('gives every transaction, chain and secret its own address', () => {
    const sut = depositKeysOf({ DEPOSIT_MASTER_SECRET: SECRET });
    const other = depositKeysOf({ DEPOSIT_MASTER_SECRET: `${SECRET}!` });
    const addresses = [
      sut.address(Blockchain.SOLANA, ID),
      sut.address(Blockchain.SOLANA, OTHER_ID),
      sut.address(Blockchain.CELO, ID),
      sut.address(Blockchain.CELO, OTHER_ID),
      other.address(Blockchain.SOLANA, ID),
      other.address(Blockchain.CELO, ID),
    ];
    expect(new Set(addresses).size).toBe(addresses.length);
    expect(sut.solana(ID).publicKey.toBase58()).toBe(addresses[0]);
    expect(sut.celo(ID).address).toBe(addresses[2]);
  });

  it('has no keys without a master secret, and none for Stellar', () => {
    const sut = depositKeysOf({});
    expect(sut.configured).toBe(false);
    expect(() => sut.solana(ID)).toThrow('DEPOSIT_MASTER_SECRET is not configured');
    const configured = depositKeysOf({ DEPOSIT_MASTER_SECRET: SECRET });
    expect(() => configured.address(Blockchain.STELLAR, ID)).toThrow(/memo/);
  });
});

describe(OpenDepositAccountUseCase.name, () => {
  const NOW = new Date('2026-11-02T10:00:00.000Z');
  const request = {
    blockchain: Blockchain.CELO,
    transactionId: ID,
    asset: '0x48065fbBE25f71C9282ddf5e1cD6D6A887483D5e',
    expiresAt: '2026-11-02T11:00:00.000Z',
  };
  const setUp = (secret?: string) => {
    const opened: DepositAccountEntity[] = [];
    const accounts = { open: async (row: DepositAccountEntity) => void opened.push(row) };
    const config = { DEPOSIT_MASTER_SECRET: secret, DEPOSIT_WATCH_GRACE_MS: 900_000 } as ChainWatchersConfig;
    const keys = new DepositKeys(config);
    const sut = new OpenDepositAccountUseCase(
      keys,
      adaptersWith(keys),
      accounts as unknown as DepositAccountsRepository,
      config,
      new FixedClock(NOW),
    );
    return { sut, opened };
  };

  it("answers the transaction's address and watches it until the quote expired plus the grace", async () => {
    const { sut, opened } = setUp(SECRET);
    expect(await sut.execute(request)).toEqual({ address: '0x8f31ba66002651699E20A492A4D4341D16cB691e' });
    expect(opened).toEqual([
      {
        blockchain: Blockchain.CELO,
        transactionId: ID,
        address: '0x8f31ba66002651699E20A492A4D4341D16cB691e',
        asset: request.asset,
        createdAt: NOW,
        watchUntil: new Date('2026-11-02T11:15:00.000Z'),
        announcedAt: null,
        lookedBackAt: null,
        dueAt: null,
        sweepId: null,
        // Opened outside any trace here; a request's traceparent otherwise.
        traceparent: null,
      },
    ]);
  });

  it('answers no address, and records nothing, without a master secret', async () => {
    const { sut, opened } = setUp(undefined);
    expect(await sut.execute(request)).toEqual({ address: null });
    expect(opened).toEqual([]);
  });
});
